// swift-format-ignore-file
// A SwiftUI screen in a hosting controller (generic superclass) and a view controller named with its module: both
// main-actor through Apple's classes. The second listens for its whole life, on one line per name from a loop.
import NotificationLifecycle
import UIKit

extension Notification.Name {
    static let badgeDidChange = Notification.Name("BadgeDidChange")
    static let badgeDidReset = Notification.Name("BadgeDidReset")
    static let inboxDidOpen = Notification.Name("InboxDidOpen")
}

struct BadgeCard {
    var count = 0
}

// outcome: migrated
final class HostedBadgeController: UIHostingController<BadgeCard>, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // Keep the card's count current.
        addLifetimeNotificationInfo(forName: .badgeDidChange) { owner, _ in owner.refreshes += 1 }
    }
}

// outcome: migrated
final class InboxController: UIKit.UIViewController, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    private(set) var events = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        for name in [Notification.Name.badgeDidReset, .inboxDidOpen] {
            addLifetimeNotificationInfo(forName: name) { owner, _ in owner.events += 1 }
        }
    }
}
