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

    init(info: NotificationInfo, notification: Notification) {
        self.info = info
        self.name = notification.name
        self.sender = notification.object.flatMap { type(of: $0) is AnyClass ? ObjectIdentifier($0 as AnyObject) : nil }
        self.userInfoKeys = (notification.userInfo ?? [:]).keys.map { "\($0)" }.sorted()
    }

    /// An event for a typed message delivered to `info`: its type's name, and the subject the info filters on.
    init(messageOf info: NotificationInfo) {
        self.info = info
        self.name = info.name ?? Notification.Name("")
        self.sender = info.object.map(ObjectIdentifier.init)
        self.userInfoKeys = []
    }
}

/// Receives a ``DeliveryEvent`` just before the handler runs, on the thread that runs it.
package typealias DeliveryTap = @Sendable (DeliveryEvent) -> Void
