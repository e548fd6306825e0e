// swift-format-ignore-file
// A watchOS interface controller that listens while active and unregisters everything on deactivation.
import NotificationLifecycle
import WatchKit

extension Notification.Name {
    static let heartRateDidUpdate = Notification.Name("HeartRateDidUpdate")
}

// outcome: migrated
final class WorkoutInterfaceController: WKInterfaceController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var samples = 0

    override func awake(withContext context: Any?) {
        super.awake(withContext: context)
        addVisibleNotificationInfo(forName: .heartRateDidUpdate) { owner, note in owner.heartRateDidUpdate(note) }
    }

    override func willActivate() {
        super.willActivate()
        notificationEngine.appear()
    }

    override func didDeactivate() {
        super.didDeactivate()
        notificationEngine.disappear() // expect: nuclear-unregister
    }

    @objc private func heartRateDidUpdate(_ notification: Notification) {
        samples += 1
    }
}
