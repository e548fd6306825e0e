import Foundation
public import NotificationLifecycle

/// One handler call that a ``DeliveryRecorder`` saw: which topic reached which handler.
///
/// A delivery is recorded just before the handler runs, on the thread that runs it. It keeps no reference to the
/// info or the observer, and holds the sender weakly, so recording never keeps them alive; it keeps the `userInfo`
/// (and so its values), as the notification did.
///
/// ```swift
/// @Test @MainActor func deliveryCarriesTheSender() async {
///     center.post(name: .storeDidChange, object: store, userInfo: ["count": 3])
///     let delivery = expectDelivered(.name(.storeDidChange), in: recorder).first
///     #expect(delivery?.sender === store)
///     #expect(delivery?.userInfo["count"] as? Int == 3)
///
///     await waitForDeliveries(.atLeast(2), in: recorder) { $0.lifespan == .visible }
/// }
/// ```
public struct RecordedDelivery: Sendable {
    /// The notification's name, or the typed message's type.
    public let topic: NotificationTopic
    /// The handler that was called: a selector name, or `.closure`.
    let handler: NotificationHandler
    /// The lifespan of the info whose handler was called.
    public let lifespan: Lifespan
    /// The type of the info's observer (the controller, for the shorthands), or `nil` for a standalone closure.
    let observerType: String?
    /// Where the info was made, such as `InboxScreen.swift:14`: tells two closure handlers apart.
    let declaredAt: String
    private let weakSender: WeakReference<AnyObject>
    private let keptUserInfo: KeptUserInfo

    /// The object the notification was posted with, while it lives (the delivery holds it weakly); `nil` when it was
    /// posted without one, with a value that is not an object, or once the object is gone. For a typed message, the
    /// subject the info filters on, if any.
    ///
    /// On Apple platforms a `String`, `Int` or other bridged value posted as the object arrives as an Objective-C
    /// object (`NSString`, `NSNumber`), so `sender` is that object while it lives; on Linux it is `nil`. Check such a
    /// value through `userInfo` rather than the sender.
    public var sender: AnyObject? { weakSender.object }

    /// The notification's `userInfo`; empty when it had none, and for a typed message.
    public var userInfo: [AnyHashable: Any] { keptUserInfo.value }

    init(_ info: NotificationInfo, _ notification: Notification?) {
        let posted = notification.map { $0.object.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil } }
        weakSender = WeakReference(posted ?? info.object)
        keptUserInfo = KeptUserInfo(value: notification?.userInfo ?? [:])
        topic = NotificationTopic(of: info) ?? .name(notification?.name ?? Notification.Name(""))
        handler = NotificationHandler(selector: info.selector)
        lifespan = info.lifespan
        observerType = info.observer.map { "\(type(of: $0))" }
        declaredAt = shortSite(info.fileID, info.line)
    }

    /// `ping -> didPing: (lifetime, InboxScreen.swift:14)`.
    var description: String { "\(topic.text) -> \(handler.description) (\(lifespan), \(declaredAt))" }

    /// The topic, handler, lifespan, observer type and declaration, as the cells of a table row.
    var cells: [String] { [topic.text, handler.description, lifespan.description, observerType ?? "none", declaredAt] }
}

/// A notification's `userInfo`, which is not `Sendable`. `@unchecked Sendable`: it is never mutated, and the test
/// reads it after the delivery, as Foundation's handlers read a notification on the thread that posted it.
private struct KeptUserInfo: @unchecked Sendable { let value: [AnyHashable: Any] }
