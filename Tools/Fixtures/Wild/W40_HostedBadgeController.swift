// swift-format-ignore-file
// A SwiftUI screen in a hosting controller (generic superclass) and a view controller named with its module: both
// main-actor through Apple's classes. The second listens for its whole life, on one line per name from a loop.
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
final class HostedBadgeController: UIHostingController<BadgeCard> {
    private var badgeObserver: NSObjectProtocol?
    private(set) var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // Keep the card's count current.
        badgeObserver = NotificationCenter.default.addObserver(forName: .badgeDidChange, object: nil, queue: nil) { [weak self] _ in
            self?.refreshes += 1
        }
    }

    deinit {
        if let badgeObserver {
            NotificationCenter.default.removeObserver(badgeObserver)
        }
    }
}

// outcome: migrated
final class InboxController: UIKit.UIViewController {
    private var observers: [NSObjectProtocol] = []
    private(set) var events = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        for name in [Notification.Name.badgeDidReset, .inboxDidOpen] {
            let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in
                self?.events += 1
            }
            observers.append(observer)
        }
    }

    deinit {
        observers.forEach { NotificationCenter.default.removeObserver($0) }
    }
}
