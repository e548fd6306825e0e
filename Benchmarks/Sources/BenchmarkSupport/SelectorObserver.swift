package import Foundation
package import NotificationLifecycle

/// An observer whose handler is named by a selector.
package final class SelectorObserver: NotificationSelectorResponder, @unchecked Sendable {
    /// The one selector name it answers: `"didPing:"`.
    package static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("didPing:", SelectorObserver.didPing)
    }

    package private(set) var deliveries = 0

    package init() {}

    package func didPing(_ notification: Notification) {
        deliveries += 1
    }
}
