// swift-format-ignore-file
// A SwiftUI model that is neither main-actor nor Sendable, listening by selector for its whole life.
import Combine
import Foundation

extension Notification.Name {
    static let badgeCountDidChange = Notification.Name("BadgeCountDidChange")
}

// outcome: left (not-sendable)
final class BadgeStore: NSObject, ObservableObject {
    @Published private(set) var count = 0

    override init() {
        super.init()
        NotificationCenter.default.addObserver(self, selector: #selector(countDidChange(_:)), name: .badgeCountDidChange, object: nil)
    }

    @objc private func countDidChange(_ notification: Notification) {
        count += 1
    }
}
