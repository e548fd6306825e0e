import Foundation
public import NotificationLifecycle

/// One registration as a value: topic, sender, lifespan, handler, and whether it listens.
///
/// Use it to state a controller's registrations exactly, in declaration order:
///
/// ```swift
/// expectRegistrations(of: screen, [
///     .listening(
///         to: .name(.storeDidChange),
///         handler: .selector("storeDidChange:")
///     ),
///     .notListening(to: .name(.themeDidChange), lifespan: .visible),
/// ])
/// ```
///
/// The defaults are those of `NotificationInfo` and the shorthands: any sender, the lifetime lifespan, a closure
/// handler.
public struct NotificationRegistration: Sendable {
    /// The topic, or `nil` for an info that receives every notification.
    let topic: NotificationTopic?
    let sender: SenderFilter
    let lifespan: Lifespan
    let handler: NotificationHandler
    let isListening: Bool

    init(
        topic: NotificationTopic?,
        sender: SenderFilter,
        lifespan: Lifespan,
        handler: NotificationHandler,
        isListening: Bool
    ) {
        self.topic = topic
        self.sender = sender
        self.lifespan = lifespan
        self.handler = handler
        self.isListening = isListening
    }

    /// The registration of `info` now. Reading whether the info listens drops a registration whose observer or
    /// sender was released, as `NotificationInfo/isListening` does.
    init(_ info: NotificationInfo) {
        self.init(
            topic: NotificationTopic(of: info),
            sender: SenderFilter(of: info),
            lifespan: info.lifespan,
            handler: NotificationHandler(info),
            isListening: info.isListening
        )
    }

    /// A registration that listens now.
    public static func listening(
        to topic: NotificationTopic,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure
    ) -> NotificationRegistration {
        NotificationRegistration(topic: topic, sender: sender, lifespan: lifespan, handler: handler, isListening: true)
    }

    /// A registration that is declared but does not listen now, such as a visible one before `appear()`.
    public static func notListening(
        to topic: NotificationTopic,
        sender: SenderFilter = .anySender,
        lifespan: Lifespan = .lifetime,
        handler: NotificationHandler = .closure
    ) -> NotificationRegistration {
        NotificationRegistration(topic: topic, sender: sender, lifespan: lifespan, handler: handler, isListening: false)
    }

    /// Whether both registrations have the same topic, sender, lifespan, handler and state.
    func isSame(as other: NotificationRegistration) -> Bool {
        topic == other.topic && sender.accepts(sameSendersAs: other.sender) && lifespan == other.lifespan
            && handler == other.handler && isListening == other.isListening
    }

    /// `ping, any, visible, closure, listening`: topic, sender, lifespan, handler and state.
    var description: String {
        cells.joined(separator: ", ")
    }

    /// The topic, sender, lifespan, handler and state, as the cells of a table row.
    var cells: [String] {
        [
            topic?.text ?? "<every notification>",
            sender.description,
            lifespan.description,
            handler.description,
            isListening ? "listening" : "not listening",
        ]
    }
}
