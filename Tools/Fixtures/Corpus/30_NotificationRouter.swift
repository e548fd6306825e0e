// swift-format-ignore-file
// Quiet by design: tokens kept in a dictionary and removed through it; the checker sees the store used.
import Foundation

final class NotificationRouter {
    private var observers: [Notification.Name: NSObjectProtocol] = [:]
    private var counts: [Notification.Name: Int] = [:]

    func route(_ name: Notification.Name) {
        observers[name] = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
            self?.counts[name, default: 0] += 1
        }
    }

    func unroute(_ name: Notification.Name) {
        if let token = observers.removeValue(forKey: name) {
            NotificationCenter.default.removeObserver(token)
        }
    }
}
