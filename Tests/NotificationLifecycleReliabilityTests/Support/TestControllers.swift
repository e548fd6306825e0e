import Foundation
import NotificationLifecycle

/// A controller whose infos are added from outside, recording every call in a shared log.
class LoggingController: ControllerBase {
    let log: DeliveryLog

    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("hit:", LoggingController.hit)
    }

    init(center: NotificationCenter, log: DeliveryLog = DeliveryLog()) {
        self.log = log
        super.init(notificationCenter: center)
    }

    func hit(_ notification: Notification) {
        log.record("hit:", notification)
    }

    /// Adds a visible closure info filtering on `sender`, always from this one call site (one handler identity).
    @discardableResult
    func listenVisibly(to sender: Sender, as handler: String) -> NotificationInfo {
        addVisibleNotificationInfo(forName: .ping, object: sender) { controller, note in
            controller.log.record(handler, note)
        }
    }
}

/// A separate observer that answers one selector name.
final class LoggingObserver: NotificationSelectorResponder, Sendable {
    let log: DeliveryLog

    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("hit:", LoggingObserver.hit)
    }

    init(log: DeliveryLog) {
        self.log = log
    }

    func hit(_ notification: Notification) {
        log.record("observer.hit:", notification)
    }
}

/// Calls a lifecycle method from inside populateNotificationInfos(), which is reported and ignored.
final class EagerController: ControllerBase {
    let log = DeliveryLog()

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .ping) { controller, note in controller.log.record("lifetime", note) }
        addVisibleNotificationInfo(forName: .ping) { controller, note in controller.log.record("visible", note) }
        addNotificationInfo(forName: .ping, lifespan: .editing) { controller, note in
            controller.log.record("editing", note)
        }
        appear()
        notificationEngine.start(.editing)
        disappear()
    }
}
