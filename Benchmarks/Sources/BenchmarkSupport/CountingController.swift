package import Foundation
package import NotificationLifecycle

/// One listener declared as the package's README shows: a `ControllerBase` subclass whose lifetime info's closure
/// receives the controller (held weakly) and counts the post.
package final class CountingController: ControllerBase {
    package private(set) var count = 0

    override package func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: Names.ping) { owner, _ in owner.count += 1 }
    }
}

/// The same listener by hand, as the README's "by hand" example writes it: a block observer holding the controller
/// weakly, its token removed at `deinit`.
///
/// `@unchecked Sendable` because Foundation's block is `@Sendable` and captures it weakly; each scenario uses it from
/// one thread.
package final class HandCountingController: @unchecked Sendable {
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
