// The README's owners, compiled unchanged in each module setting by .ci/consumer-settings.sh (S1: Swift 6 with
// default isolation MainActor; S2: Xcode 26's app template, Swift 5 with default isolation MainActor and Approachable
// Concurrency; S3: Swift 6, nonisolated; S4: Swift 5, nonisolated), with warnings as errors.
// .ci/check-readme-snippets.sh checks that each README block stands here verbatim.
import Foundation
import NotificationLifecycle

// README: "The problem".
extension Notification.Name {
    nonisolated static let messagesDidArrive =
        Notification.Name("MessagesDidArrive")
    nonisolated static let accountDidSignOut =
        Notification.Name("AccountDidSignOut")
}

final class Inbox: ControllerBase {
    private(set) var reloads = 0
    private(set) var isSignedOut = false

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .accountDidSignOut) { inbox, _ in inbox.isSignedOut = true }
        addVisibleNotificationInfo(forName: .messagesDidArrive) { inbox, _ in inbox.reloads += 1 }
    }
}

// README: "Quick start", verbatim: a controller is made and driven on the main actor.
@MainActor
func quickStart() -> Int {
    let center = NotificationCenter()
    let inbox = Inbox(notificationCenter: center)
    inbox.appear()
    center.post(name: .messagesDidArrive, object: nil)
    inbox.disappear()
    center.post(name: .messagesDidArrive, object: nil)
    return inbox.reloads
}

// README: "Threads".
final class UnreadBadge: NotificationEngineOwner, @unchecked Sendable {
    // Safe: `unread` is only touched under `lock`.
    let notificationEngine: NotificationEngine
    private let lock = NSLock()
    private var unread = 0

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addNotificationInfo(forName: .messagesDidArrive) { badge, _ in
            badge.lock.withLock { badge.unread += 1 }
        }
    }

    var count: Int { lock.withLock { unread } }
}
