package import Foundation
package import NotificationLifecycle

/// One listener declared as the package's README shows: a `ControllerBase` subclass (main-actor) whose lifetime
/// info's closure receives the controller (held weakly) and counts the post. A post on the main actor runs the closure
/// at once; a post from another thread schedules it on the main actor.
package final class CountingController: ControllerBase {
    package private(set) var count = 0

    override package func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: Names.ping) { owner, _ in owner.count += 1 }
    }
}

/// The same main-actor controller by hand: a block observer holding the controller weakly, its token removed at
/// `deinit`. Foundation's block is `@Sendable` and not main-actor, so Swift 6 lets it touch the controller's state
/// only through `MainActor.assumeIsolated`, which holds when the post is made on the main thread (the block runs on
/// the posting thread).
@MainActor
package final class HandCountingController {
    package private(set) var count = 0
    private let center: NotificationCenter
    // Read by the nonisolated `deinit`, when no other reference is left.
    nonisolated(unsafe) private var token: (any NSObjectProtocol)?

    package init(center: NotificationCenter) {
        self.center = center
        token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.count += 1 }
        }
    }

    deinit {
        if let token { center.removeObserver(token) }
    }
}

/// The hand-written controller as it was before `ControllerBase` became main-actor (issue 28): nonisolated, its
/// block touching its state on the posting thread. It compiles in Swift 6 only as `@unchecked Sendable`, the data race
/// issue 28 removed; it stays so that the post pairs can be compared with their earlier figures.
package final class NonisolatedHandCountingController: @unchecked Sendable {
    package private(set) var count = 0
    private let center: NotificationCenter
    private var token: (any NSObjectProtocol)?

    package init(center: NotificationCenter) {
        self.center = center
        token = center.addObserver(forName: Names.ping, object: nil, queue: nil) { [weak self] _ in
            self?.count += 1
        }
    }

    deinit {
        if let token { center.removeObserver(token) }
    }
}

/// The main-actor controller by hand for posts made on any thread: `addObserver(forName:object:queue: .main)`, whose
/// block Foundation runs on the main queue, the body in `MainActor.assumeIsolated`.
@MainActor
package final class MainQueueHandCountingController {
    package private(set) var count = 0
    private let center: NotificationCenter
    // Read by the nonisolated `deinit`, when no other reference is left.
    nonisolated(unsafe) private var token: (any NSObjectProtocol)?

    package init(center: NotificationCenter) {
        self.center = center
        token = center.addObserver(forName: Names.ping, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.count += 1 }
        }
    }

    deinit {
        if let token { center.removeObserver(token) }
    }
}
