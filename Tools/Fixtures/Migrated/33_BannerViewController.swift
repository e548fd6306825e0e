// swift-format-ignore-file
// A block observer from viewDidLoad whose token is dropped on the floor (and whose block holds self).
import NotificationLifecycle
import UIKit

final class BannerViewController: UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private var bannerText = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        addLifetimeNotificationInfo(forName: .bannerDidChange) { owner, note in // expect: discarded-token
            owner.bannerText = note.userInfo?["text"] as? String ?? ""
        }
    }
}

extension Notification.Name {
    static let bannerDidChange = Notification.Name("BannerDidChange")
}
