package import Foundation
package import NotificationLifecycle

/// A controller that declares one closure info per name: what an app's screen does with the package.
package final class FrameworkController: ControllerBase {
    private let lifetimeNames: [Notification.Name]
    private let visibleNames: [Notification.Name]
    package private(set) var deliveries = 0

    package init(center: NotificationCenter, lifetime: [Notification.Name], visible: [Notification.Name]) {
        self.lifetimeNames = lifetime
        self.visibleNames = visible
        super.init(notificationCenter: center)
    }

    override package func populateNotificationInfos() {
        super.populateNotificationInfos()
        for name in lifetimeNames {
            addLifetimeNotificationInfo(forName: name) { controller, _ in controller.deliveries += 1 }
        }
        for name in visibleNames {
            addVisibleNotificationInfo(forName: name) { controller, _ in controller.deliveries += 1 }
        }
    }
}
