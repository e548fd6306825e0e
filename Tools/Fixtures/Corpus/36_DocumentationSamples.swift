// swift-format-ignore-file
// Quiet: observer calls in comments and strings are not code.
import Foundation

/// Never write `NotificationCenter.default.removeObserver(self)` in viewDidDisappear.
final class DocumentationSamples {
    // NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
    let badExample = "NotificationCenter.default.removeObserver(self)"
    let count = 0
}
