// swift-format-ignore-file
// Correct: the removal lives in a helper that only deinit calls.
import Foundation

final class LocationTracker: NSObject {
    private var lastUpdate: Date?

    override init() {
        super.init()
        startObserving()
    }

    deinit {
        stopObserving()
    }

    private func startObserving() {
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(significantTimeChange(_:)), name: .NSSystemClockDidChange, object: nil)
    }

    private func stopObserving() {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func significantTimeChange(_ note: Notification) {
        lastUpdate = Date()
    }
}
