// swift-format-ignore-file
// `_ =` silences the compiler, not the leak: the token is still thrown away.
import Foundation
import NotificationLifecycle

final class BadgeCounter: ControllerBase {
    private(set) var count = 0

    init(center: NotificationCenter) {
        super.init(notificationCenter: center)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .messageDidArrive, queue: .main) { owner, _ in // expect: discarded-token
            owner.count += 1
        }
    }
}

extension Notification.Name {
    static let messageDidArrive = Notification.Name("MessageDidArrive")
}
