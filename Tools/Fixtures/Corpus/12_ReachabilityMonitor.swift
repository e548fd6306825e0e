// swift-format-ignore-file
// The token is kept in a property but never handed to removeObserver: the observer outlives the monitor.
import Foundation

extension Notification.Name {
    static let reachabilityChanged = Notification.Name("ReachabilityChanged")
}

final class ReachabilityMonitor {
    private var reachabilityObserver: NSObjectProtocol?
    private(set) var isReachable = true

    func start() {
        reachabilityObserver = NotificationCenter.default.addObserver( // expect: token-never-removed
            forName: .reachabilityChanged,
            object: nil,
            queue: .main
        ) { [weak self] note in
            self?.isReachable = note.userInfo?["reachable"] as? Bool ?? false
        }
    }
}
