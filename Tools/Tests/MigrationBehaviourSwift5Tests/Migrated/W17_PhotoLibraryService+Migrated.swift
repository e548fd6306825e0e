// swift-format-ignore-file
// A plain NSObject service, neither main-actor nor Sendable, that listens for its whole life by selector.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let photoLibraryDidChange = Notification.Name("PhotoLibraryDidChange")
}

// outcome: left (not-sendable)
final class PhotoLibraryService: NSObject, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    private(set) var changes = 0

    override init() {
        super.init()
        addLifetimeNotificationInfo(forName: .photoLibraryDidChange) { owner, note in owner.libraryDidChange(note) }
    }

    private func libraryDidChange(_ notification: Notification) {
        changes += 1
    }
}
