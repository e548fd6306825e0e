// swift-format-ignore-file
// A service that throws the token of a block observer away: it can never be removed.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let networkDidReconnect = Notification.Name("NetworkDidReconnect")
}

final class SyncService: ControllerBase {
    private var pending: [String] = []

    init() {
        super.init()
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .networkDidReconnect) { owner, _ in // expect: discarded-token
            owner.flush()
        }
    }

    func enqueue(_ item: String) {
        pending.append(item)
    }

    private func flush() {
        pending.removeAll()
    }
}
