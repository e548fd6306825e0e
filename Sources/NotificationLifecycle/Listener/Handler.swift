import Foundation

/// What a listener calls: the one description of a handler, made when the info is made so that a post looks nothing up.
///
/// A handler that receives an observer gets it from the listener, which holds it weakly and loads it once per call.
enum Handler: Sendable {
    /// A closure that needs no observer.
    case closure(@Sendable (Notification) -> Void)
    /// An owner's closure or a selector's method, called with the observer on the posting thread or the info's queue.
    case observer(@Sendable (AnyObject, Notification) -> Void)
    /// An owner's closure or a selector's method that runs on the main actor.
    case mainActorObserver(@MainActor @Sendable (AnyObject, Notification) -> Void)
    /// A selector name the observer does not answer: reported when the info was made; the info never listens.
    case unresolved
    /// A typed message: how to register for it and how to call the handler, built where the message type is known.
    case message(any MessageHandler)

    /// A handler for an owner's closure typed with the owner's class.
    static func owned<Owner: AnyObject>(_ body: @escaping @Sendable (Owner, Notification) -> Void) -> Handler {
        .observer { observer, notification in body(asOwner(observer), notification) }
    }

    /// The main-actor form of ``owned(_:)``.
    static func ownedOnMainActor<Owner: AnyObject>(
        _ body: @escaping @MainActor @Sendable (Owner, Notification) -> Void
    ) -> Handler {
        .mainActorObserver { observer, notification in body(asOwner(observer), notification) }
    }

    /// The typed message's handler, or `nil` for a notification.
    var message: (any MessageHandler)? {
        if case .message(let handler) = self { return handler }
        return nil
    }
}

/// The observer of an owner's closure as the owner's class: every owner-typed handler (of a notification, a message or
/// a selector) gets its observer from its listener, which was made with that owner, an `Owner` (a selector table's
/// entry is checked with `accepts` first).
@inline(__always)
func asOwner<Owner: AnyObject>(_ observer: AnyObject) -> Owner {
    // Unchecked: the cast holds by construction, and its check cost a delivery more than the bar for a post allows.
    unsafeDowncast(observer, to: Owner.self)
}

/// How a typed-message info registers with its center and calls its handler.
///
/// Made where the message type is known, so that the listener stays non-generic. Foundation's message API, which not
/// every supported platform version has, is used only in the conforming classes and the closures they are made with.
protocol MessageHandler: AnyObject, Sendable {
    /// The message type, such as `DocumentDidSave.self`.
    var type: Any.Type { get }

    /// Makes the Foundation registration of `registration`, for `listener`'s start and its subject (any subject for
    /// `nil`); runs no user code. A main-actor message's is shared by the infos of one center, message type and
    /// subject; an asynchronous message's is `listener`'s alone (see ``SharedRegistration/Key/alone``).
    func register(
        _ listener: Listener,
        subject: AnyObject?,
        into registration: SharedRegistration,
        attempt: UInt32
    ) -> CenterToken
}

/// A main-actor message's handler: its infos of one center, message type and subject (or any subject) share one
/// Foundation registration, made by `register`; each post reaches them in the order in which they started.
final class MainActorMessageHandler<Message>: MessageHandler {
    var type: Any.Type { Message.self }
    /// Registers the shared registration's block for `subject` (any subject for `nil`); runs no user code.
    private let makeToken:
        @Sendable (
            _ center: NotificationCenter, _ subject: AnyObject?, _ registration: SharedRegistration, _ attempt: UInt32
        ) -> CenterToken
    /// Calls the handler with the observer (`nil` when the handler takes none).
    let call: @MainActor @Sendable (_ observer: AnyObject?, _ message: Message) -> Void

    init(
        register: @escaping @Sendable (NotificationCenter, AnyObject?, SharedRegistration, UInt32) -> CenterToken,
        call: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) {
        makeToken = register
        self.call = call
    }

    func register(
        _ listener: Listener,
        subject: AnyObject?,
        into registration: SharedRegistration,
        attempt: UInt32
    ) -> CenterToken {
        makeToken(listener.center, subject, registration, attempt)
    }
}

/// An asynchronous message's handler: each info has a Foundation registration of its own, because Foundation runs
/// each asynchronous observer in a task of its own, and a shared registration would run the handlers one after the
/// other.
final class AsyncMessageHandler: MessageHandler {
    let type: Any.Type
    /// Registers `listener` for the registration of `generation`, from `subject` (any subject for `nil`).
    private let makeToken: @Sendable (_ listener: Listener, _ subject: AnyObject?, _ generation: UInt64) -> CenterToken

    init(
        type: Any.Type,
        register: @escaping @Sendable (Listener, AnyObject?, UInt64) -> CenterToken
    ) {
        self.type = type
        makeToken = register
    }

    func register(
        _ listener: Listener,
        subject: AnyObject?,
        into registration: SharedRegistration,
        attempt: UInt32
    ) -> CenterToken {
        makeToken(listener, subject, registration.key.alone)
    }
}
