// swift-format-ignore-file
// `[self]` in the capture list is a strong capture too; the token removed in deinit never gets there.
import Foundation
import NotificationLifecycle

final class UploadQueue: ControllerBase {
    private var retries = 0

    init(center: NotificationCenter) {
        super.init(notificationCenter: center)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .uploadDidFail) { owner, _ in // expect: strong-self-capture
            owner.retries += 1
        }
    }
}

extension Notification.Name {
    static let uploadDidFail = Notification.Name("UploadDidFail")
}
