package import Foundation
package import NotificationLifecycle

/// One handler call, as the recorder (and the package's own tests) see it through the core's ``DeliveryTap``.
package struct DeliveryEvent: Sendable {
    /// The info whose handler was called.
    package let info: NotificationInfo
    /// The notification's name; a typed message's name.
    package let name: Notification.Name
    /// The identity of the notification's sender, when it was an object; for a typed message, of its subject.
    package let sender: ObjectIdentifier?
    /// The keys of the notification's `userInfo`, as strings, sorted; empty for a typed message.
    package let userInfoKeys: [String]
    /// The notification itself (its sender and `userInfo`); `nil` for a typed message. Only read by the tap, on the
    /// delivering thread, during the call.
    package nonisolated(unsafe) let notification: Notification?

    package init(_ info: NotificationInfo, _ notification: Notification?) {
        self.info = info
        self.notification = notification
        name = notification?.name ?? info.name ?? Notification.Name("")
        let object = notification?.object.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil }
        sender = (notification == nil ? info.object : object).map(ObjectIdentifier.init)
        userInfoKeys = (notification?.userInfo ?? [:]).keys.map { "\($0)" }.sorted()
    }
}

extension DeliveryTap {
    /// A tap that sees each call as a ``DeliveryEvent``.
    package init(
        handlerWillRun: @escaping @Sendable (DeliveryEvent) -> UInt64,
        handlerReturned: @escaping @Sendable (UInt64) -> Void
    ) {
        self.init(handlerWillRun: { handlerWillRun(DeliveryEvent($0, $1)) }, handlerReturned: handlerReturned)
    }
}
