import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let ping = Notification.Name("NotificationLifecycleTests.ping")
    static let pong = Notification.Name("NotificationLifecycleTests.pong")
    static let save = Notification.Name("NotificationLifecycleTests.save")
}

/// A sender object for sender-filter tests.
final class Sender: Sendable {}

/// An observer that answers selector names and records what it received.
class SelectorObserver: NotificationSelectorResponder, @unchecked Sendable {
    let recorder = Recorder<String>()

    class var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
            .adding("didPing:", SelectorObserver.didPing)
            .adding("reset", SelectorObserver.reset)
    }

    func didPing(_ notification: Notification) {
        recorder.record("base.didPing \(notification.name.rawValue)")
    }

    func reset() {
        recorder.record("base.reset")
    }
}

/// A subclass that adds a name and overrides a method.
final class DerivedSelectorObserver: SelectorObserver, @unchecked Sendable {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("didPong:", DerivedSelectorObserver.didPong)
    }

    override func didPing(_ notification: Notification) {
        recorder.record("derived.didPing")
    }

    func didPong(_ notification: Notification) {
        recorder.record("derived.didPong")
    }
}
