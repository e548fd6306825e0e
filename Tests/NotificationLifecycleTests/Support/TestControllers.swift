import Foundation
import NotificationLifecycle

extension Lifespan {
    static let editing = Lifespan.custom("editing")
    static let syncing = Lifespan.custom("syncing")
}

/// A controller with one info of each lifespan and both handler kinds, recording every delivery.
class ScreenController: ControllerBase {
    let events = Recorder<String>()
    private(set) var populateCalls = 0

    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding("didPing:", ScreenController.didPing)
            .adding("refresh", ScreenController.refresh)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        populateCalls += 1
        addLifetimeNotificationInfo(forName: .ping, selector: "didPing:")
        addVisibleNotificationInfo(forName: .pong) { screen, _ in screen.events.record("visible.pong") }
        addNotificationInfo(forName: .save, lifespan: .editing) { screen, _ in screen.events.record("editing.save") }
        addNotificationInfo(forName: .save, selector: "refresh", lifespan: .syncing)
    }

    func didPing(_ notification: Notification) {
        events.record("lifetime.ping")
    }

    func refresh() {
        events.record("syncing.refresh")
    }
}

/// A subclass that adds its own infos to its superclass's.
final class DetailScreenController: ScreenController, @unchecked Sendable {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("didPong:", DetailScreenController.didPong)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .pong, selector: "didPong:")
    }

    override func didPing(_ notification: Notification) {
        events.record("detail.lifetime.ping")
    }

    func didPong(_ notification: Notification) {
        events.record("detail.visible.pong")
    }
}

/// Forgets to call super.
final class ForgetfulController: ControllerBase {
    override func populateNotificationInfos() {
        addLifetimeNotificationInfo(forName: .ping) { _, _ in }
    }
}

/// Calls super after adding an info.
final class LateSuperController: ControllerBase {
    override func populateNotificationInfos() {
        addLifetimeNotificationInfo(forName: .ping) { _, _ in }
        super.populateNotificationInfos()
    }
}

/// Calls appear() while populating.
final class EagerController: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
        appear()
    }
}

/// Declares the same listener twice.
final class RepetitiveController: ControllerBase {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("tick", RepetitiveController.tick)
    }

    let ticks = Recorder<Int>()

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        for _ in 0..<2 {
            addLifetimeNotificationInfo(forName: .ping, selector: "tick")
            addLifetimeNotificationInfo(forName: .pong) { controller, _ in controller.ticks.record(2) }
        }
    }

    func tick() { ticks.record(1) }
}

/// A controller whose handlers are given from outside, for re-entrancy tests.
final class ScriptedController: ControllerBase {
    let events = Recorder<String>()
}
