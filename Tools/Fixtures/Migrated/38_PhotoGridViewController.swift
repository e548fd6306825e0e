// swift-format-ignore-file
// Correct: awakeFromNib registers for the life of the object; deinit removes by name.
import NotificationLifecycle
import UIKit

final class PhotoGridViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var libraryChanges = 0

    override func awakeFromNib() {
        super.awakeFromNib()
        addLifetimeNotificationInfo(forName: .photoLibraryDidChange) { owner, _ in owner.photoLibraryDidChange() }
    }

    @objc func photoLibraryDidChange() {
        libraryChanges += 1
    }
}

extension Notification.Name {
    static let photoLibraryDidChange = Notification.Name("PhotoLibraryDidChange")
}
