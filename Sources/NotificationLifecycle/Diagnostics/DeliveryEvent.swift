package import Foundation

/// One handler call, as seen by a delivery tap (the testing module's recorder).
///
/// Taps are per info, kept under the info's lock that delivery takes anyway, so an info without a tap pays one
/// `nil` check per delivery.
package struct DeliveryEvent: Sendable {
    /// The info whose handler was called.
    package let info: NotificationInfo
    /// The notification's name.
    package let name: Notification.Name
    /// The identity of the notification's sender, when it was an object.
    package let sender: ObjectIdentifier?
    /// The keys of the notification's `userInfo`, as strings, sorted.
    let userInfoKeys: [String]
    /// The notification itself, for the testing module's recorder (its sender and `userInfo`); `nil` for a typed
    /// message. Only read by the tap, on the delivering thread, during the call.
    package nonisolated(unsafe) let notification: Notification?

    init(info: NotificationInfo, notification: Notification) {
        self.info = info
        self.notification = notification
        self.name = notification.name
        self.sender = notification.object.flatMap { type(of: $0) is AnyClass ? ObjectIdentifier($0 as AnyObject) : nil }
        self.userInfoKeys = (notification.userInfo ?? [:]).keys.map { "\($0)" }.sorted()
    }

    /// An event for a typed message delivered to `info`: its type's name, and the subject the info filters on.
    init(messageOf info: NotificationInfo) {
        self.info = info
        self.notification = nil
        self.name = info.name ?? Notification.Name("")
        self.sender = info.object.map(ObjectIdentifier.init)
        self.userInfoKeys = []
    }
}

/// What sees an info's handler calls: ``handlerWillRun`` receives a ``DeliveryEvent`` just before the handler runs,
/// on the thread (or in the task) that runs it, and answers an id; ``handlerReturned`` receives that id once the
/// handler has returned (for an asynchronous message, once its `async` handler has returned).
package struct DeliveryTap: Sendable {
    package let handlerWillRun: @Sendable (DeliveryEvent) -> UInt64
    package let handlerReturned: @Sendable (UInt64) -> Void

    package init(
        handlerWillRun: @escaping @Sendable (DeliveryEvent) -> UInt64,
        handlerReturned: @escaping @Sendable (UInt64) -> Void
    ) {
        self.handlerWillRun = handlerWillRun
        self.handlerReturned = handlerReturned
    }
}
