// swift-format-ignore-file
// Correct: tokens collected in an array in init and removed in deinit.
import Foundation

extension Notification.Name {
    static let sessionDidExpire = Notification.Name("SessionDidExpire")
    static let sessionDidRefresh = Notification.Name("SessionDidRefresh")
}

final class SessionStore {
    private var observers: [NSObjectProtocol] = []
    private(set) var expirations = 0
    private(set) var refreshes = 0

    init() {
        observers.append(NotificationCenter.default.addObserver(forName: .sessionDidExpire, object: nil, queue: nil) { [weak self] _ in
            self?.expirations += 1
        })
        observers.append(NotificationCenter.default.addObserver(forName: .sessionDidRefresh, object: nil, queue: nil) { [weak self] _ in
            self?.refreshes += 1
        })
    }

    deinit {
        observers.forEach { NotificationCenter.default.removeObserver($0) }
    }
}
