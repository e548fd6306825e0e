// swift-format-ignore-file
// A watchOS interface controller that listens while active and unregisters everything on deactivation.
import WatchKit

extension Notification.Name {
    static let heartRateDidUpdate = Notification.Name("HeartRateDidUpdate")
}

// outcome: migrated
final class WorkoutInterfaceController: WKInterfaceController {
    private(set) var samples = 0

    override func awake(withContext context: Any?) {
        super.awake(withContext: context)
    }

    override func willActivate() {
        super.willActivate()
        NotificationCenter.default.addObserver(self, selector: #selector(heartRateDidUpdate(_:)), name: .heartRateDidUpdate, object: nil)
    }

    override func didDeactivate() {
        super.didDeactivate()
        NotificationCenter.default.removeObserver(self) // expect: nuclear-unregister
    }

    @objc private func heartRateDidUpdate(_ notification: Notification) {
        samples += 1
    }
}
