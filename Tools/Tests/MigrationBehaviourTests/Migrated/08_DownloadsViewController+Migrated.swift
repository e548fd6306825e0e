// swift-format-ignore-file
// Quiet by design: the appear registration is guarded by its token, so a second appearance does not register again.
import NotificationLifecycle
import UIKit

final class DownloadsViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var progress = 0.0

    override func viewDidLoad() {
        super.viewDidLoad()
        addVisibleNotificationInfo(forName: .downloadProgress) { owner, note in
            owner.progress = note.userInfo?["fraction"] as? Double ?? 0
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notificationEngine.appear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        notificationEngine.disappear()
    }
}

extension Notification.Name {
    static let downloadProgress = Notification.Name("DownloadProgress")
}
