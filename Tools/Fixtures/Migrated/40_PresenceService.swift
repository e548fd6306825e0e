// swift-format-ignore-file
// The center is injected and kept in a property whose name does not say "center"; its type does.
import Foundation
import NotificationLifecycle

final class PresenceService: ControllerBase {
    private let bus: NotificationCenter
    private(set) var isOnline = false

    init(bus: NotificationCenter = .default) {
        self.bus = bus
        super.init(notificationCenter: bus)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .presenceDidChange) { owner, note in // expect: discarded-token
            owner.isOnline = note.userInfo?["online"] as? Bool ?? false
        }
    }
}

extension Notification.Name {
    static let presenceDidChange = Notification.Name("PresenceDidChange")
}
