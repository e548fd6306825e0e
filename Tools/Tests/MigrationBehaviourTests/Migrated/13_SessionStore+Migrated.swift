// swift-format-ignore-file
// Correct: tokens collected in an array in init and removed in deinit.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let sessionDidExpire = Notification.Name("SessionDidExpire")
    static let sessionDidRefresh = Notification.Name("SessionDidRefresh")
}

final class SessionStore: ControllerBase {
    private(set) var expirations = 0
    private(set) var refreshes = 0

    init() {
        super.init()
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .sessionDidExpire) { owner, _ in
            owner.expirations += 1
        }
        addLifetimeNotificationInfo(forName: .sessionDidRefresh) { owner, _ in
            owner.refreshes += 1
        }
    }
}
