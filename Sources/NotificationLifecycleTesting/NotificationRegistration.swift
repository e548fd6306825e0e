public import Foundation
public import NotificationLifecycle

/// One registration as a value: name, sender, lifespan, handler, and whether it listens.
///
/// Use it to state a controller's registrations exactly, in declaration order:
///
/// ```swift
/// try NotificationLifecycleInspection.expectRegistrations(of: screen, [
///     .listening(to: .storeDidChange, handler: .selector("storeDidChange:")),
///     .notListening(to: .themeDidChange, lifespan: .visible),
/// ])
/// ```
///
/// ``init(_:)`` takes the same snapshot of a live `NotificationInfo`, so that expected and actual registrations
/// compare with `==`.
public struct NotificationRegistration: Hashable, Sendable, CustomStringConvertible {
    /// The notification name, or `nil` for an info that receives every notification.
    public var name: Notification.Name?
    /// Which senders the registration accepts.
    public var sender: SenderFilter
    /// When the owner starts and stops the registration.
    public var lifespan: Lifespan
    /// A selector name, or `.closure`.
    public var handler: NotificationHandler
    /// Whether the registration holds an observer on its center.
    public var isListening: Bool

    /// Makes a registration from its parts.
    ///
    /// - Parameters:
    ///   - name: The notification name, or `nil` for every notification.
    ///   - sender: Which senders it accepts.
    ///   - lifespan: When its owner starts and stops it.
    ///   - handler: A selector name, or `.closure`.
    ///   - isListening: Whether it listens.
    public init(
        name: Notification.Name?,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure,
        isListening: Bool
    ) {
        self.name = name
        self.sender = sender
        self.lifespan = lifespan
        self.handler = handler
        self.isListening = isListening
    }

    /// The registration of `info` now.
    ///
    /// Reading whether the info listens drops a registration whose observer or sender was released, as
    /// `NotificationInfo/isListening` does.
    public init(_ info: NotificationInfo) {
        self.init(
            name: info.name,
            sender: SenderFilter(of: info),
            lifespan: info.lifespan,
            handler: NotificationHandler(info),
            isListening: info.isListening
        )
    }

    /// A registration that listens now.
    ///
    /// The defaults are those of `NotificationInfo` and the shorthands: any sender, the lifetime lifespan, a
    /// closure handler.
    public static func listening(
        to name: Notification.Name,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure
    ) -> NotificationRegistration {
        NotificationRegistration(name: name, sender: sender, lifespan: lifespan, handler: handler, isListening: true)
    }

    /// A registration that is declared but does not listen now, such as a visible one before `appear()`.
    public static func notListening(
        to name: Notification.Name,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure
    ) -> NotificationRegistration {
        NotificationRegistration(name: name, sender: sender, lifespan: lifespan, handler: handler, isListening: false)
    }

    /// `ping, any, visible, closure, listening`: name, sender, lifespan, handler and state.
    public var description: String {
        cells.joined(separator: ", ")
    }

    /// The name, sender, lifespan, handler and state, as the cells of a table row.
    var cells: [String] {
        [
            name.map(\.rawValue) ?? "<every notification>",
            sender.description,
            lifespan.description,
            handler.description,
            isListening ? "listening" : "not listening",
        ]
    }
}
