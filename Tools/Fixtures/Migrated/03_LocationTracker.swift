// swift-format-ignore-file
// Correct: the removal lives in a helper that only deinit calls.
import Foundation
import NotificationLifecycle

final class LocationTracker: NSObject, NotificationEngineOwner {
    let notificationEngine = NotificationEngine()
    private var lastUpdate: Date?

    override init() {
        super.init()
        startObserving()
    }

    private func startObserving() {
        addLifetimeNotificationInfo(forName: .NSSystemClockDidChange) { owner, note in
            owner.significantTimeChange(note)
        }
    }

    @objc private func significantTimeChange(_ note: Notification) {
        lastUpdate = Date()
    }
}
