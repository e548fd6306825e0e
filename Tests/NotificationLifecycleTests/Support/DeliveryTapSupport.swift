import Foundation

@testable import NotificationLifecycle

/// One handler call, as these tests see it through the core's `DeliveryTap`.
struct DeliveryEvent: Sendable {
    /// The info whose handler was called.
    let info: NotificationInfo
    /// The notification's name; a typed message's name.
    let name: Notification.Name
    /// The identity of the notification's sender, when it was an object; for a typed message, of its subject.
    let sender: ObjectIdentifier?
    /// The keys of the notification's `userInfo`, as strings, sorted; empty for a typed message.
    let userInfoKeys: [String]

    init(_ info: NotificationInfo, _ notification: Notification?) {
        self.info = info
        name = notification?.name ?? info.name ?? Notification.Name("")
        let object = notification?.object.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil }
        sender = (notification == nil ? info.object : object).map(ObjectIdentifier.init)
        userInfoKeys = (notification?.userInfo ?? [:]).keys.map { "\($0)" }.sorted()
    }
}

extension DeliveryTap {
    /// A tap that sees each call as a `DeliveryEvent`.
    convenience init(
        handlerWillRun: @escaping @Sendable (DeliveryEvent) -> UInt64,
        handlerReturned: @escaping @Sendable (UInt64) -> Void
    ) {
        self.init(handlerWillRun: { handlerWillRun(DeliveryEvent($0, $1)) }, handlerReturned: handlerReturned)
    }
}

extension NotificationEngine {
    /// Installs a tap that sees each handler call just before it runs, and not its return: what these tests check.
    func setDeliveryTap(_ handlerWillRun: @escaping @Sendable (DeliveryEvent) -> Void) {
        setDeliveryTap(
            DeliveryTap(
                handlerWillRun: { event in
                    handlerWillRun(event)
                    return 0
                },
                handlerReturned: { _ in }
            )
        )
    }
}
