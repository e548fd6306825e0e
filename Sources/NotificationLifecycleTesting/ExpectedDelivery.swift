public import Foundation
public import NotificationLifecycle

/// A delivery a test expects: a notification name, optionally narrowed to one handler and one lifespan.
///
/// ```swift
/// try NotificationLifecycleInspection.expectDeliveries([
///     .delivery(of: .storeDidChange, to: .selector("storeDidChange:")),
///     .delivery(of: .themeDidChange, lifespan: .visible),
/// ], in: recorder)
/// ```
public struct ExpectedDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The notification's name.
    public let name: Notification.Name
    /// The handler that must receive it; `nil` accepts any handler.
    public let handler: NotificationHandler?
    /// The lifespan of the info that must receive it; `nil` accepts any lifespan.
    public let lifespan: Lifespan?

    /// A delivery of `name`, to `handler` (any when `nil`) of an info of `lifespan` (any when `nil`).
    public static func delivery(
        of name: Notification.Name,
        to handler: NotificationHandler? = nil,
        lifespan: Lifespan? = nil
    ) -> ExpectedDelivery {
        ExpectedDelivery(name: name, handler: handler, lifespan: lifespan)
    }

    /// Whether `delivery` is one this expectation accepts.
    public func matches(_ delivery: RecordedDelivery) -> Bool {
        delivery.name == name
            && (handler.map { $0 == delivery.handler } ?? true)
            && (lifespan.map { $0 == delivery.lifespan } ?? true)
    }

    /// `ping -> didPing: (visible)`, leaving out what is not narrowed.
    public var description: String {
        var text = name.rawValue + " -> " + (handler?.description ?? "any handler")
        if let lifespan { text += " (\(lifespan))" }
        return text
    }
}
