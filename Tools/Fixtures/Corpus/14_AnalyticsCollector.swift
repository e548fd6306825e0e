// swift-format-ignore-file
// Tokens appended to an array that nothing ever removes.
import UIKit

final class AnalyticsCollector {
    private var observers: [Any] = []
    private var events: [String] = []

    func startCollecting() {
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main) { [weak self] _ in // expect: token-never-removed
            self?.events.append("active")
        })
        observers.append(center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { [weak self] _ in // expect: token-never-removed
            self?.events.append("background")
        })
    }
}
