// swift-format-ignore-file
// A service that throws the token of a block observer away: it can never be removed.
import Foundation

extension Notification.Name {
    static let networkDidReconnect = Notification.Name("NetworkDidReconnect")
}

final class SyncService {
    private var pending: [String] = []

    init() {
        NotificationCenter.default.addObserver(forName: .networkDidReconnect, object: nil, queue: nil) { [weak self] _ in // expect: discarded-token
            self?.flush()
        }
    }

    func enqueue(_ item: String) {
        pending.append(item)
    }

    private func flush() {
        pending.removeAll()
    }
}
