// swift-format-ignore-file
// A plain NSObject service, neither main-actor nor Sendable, that listens for its whole life by selector.
import Foundation

extension Notification.Name {
    static let photoLibraryDidChange = Notification.Name("PhotoLibraryDidChange")
}

// outcome: left (not-sendable)
final class PhotoLibraryService: NSObject {
    private(set) var changes = 0

    override init() {
        super.init()
        NotificationCenter.default.addObserver(self, selector: #selector(libraryDidChange(_:)), name: .photoLibraryDidChange, object: nil)
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func libraryDidChange(_ notification: Notification) {
        changes += 1
    }
}
