// swift-format-ignore-file
// A plain NSObject service, neither main-actor nor Sendable, that listens for its whole life by selector.
import Foundation
import UIKit  // AppleSemanticsCenter

// outcome: left (not-sendable)
final class PhotoLibraryServiceOriginal: NSObject {
    private(set) var changes = 0

    override init() {
        super.init()
        AppleSemanticsCenter.default.addObserver(self, selector: AppleSelector { (observer: PhotoLibraryServiceOriginal, note: Notification) in observer.libraryDidChange(note) }, name: .photoLibraryDidChange, object: nil)
    }

    deinit {
        AppleSemanticsCenter.default.removeObserver(self)
    }

    private func libraryDidChange(_ notification: Notification) {
        changes += 1
    }
}
