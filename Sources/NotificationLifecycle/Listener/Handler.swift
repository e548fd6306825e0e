import Foundation

/// What a listener calls: the one description of a handler, made when the info is made so that a post looks nothing up.
///
/// `Owner` is the class an observer's handler receives: the owner's own class for an owner's closure, stored as the
/// user wrote it (a wrapper typed with `AnyObject` was a closure context per info: Benchmarks/README.md, "Issue 35:
/// the owner's closure stored as written"); `AnyObject` for every other handler (a closure, a selector's method, a
/// typed message). A handler that receives an observer gets it from the listener, which holds it weakly and loads it
/// once per call.
enum Handler<Owner: AnyObject>: Sendable {
    /// A closure that needs no observer.
    case closure(@Sendable (Notification) -> Void)
    /// An owner's closure or a selector's method, called with the observer on the posting thread or the info's queue.
    case observer(@Sendable (Owner, Notification) -> Void)
    /// An owner's closure or a selector's method that runs on the main actor.
    case mainActorObserver(@MainActor @Sendable (Owner, Notification) -> Void)
    /// A selector name the observer does not answer: reported when the info was made; the info never listens.
    case unresolved
    /// A typed message: how to register for it and how to call the handler, built where the message type is known.
    case message(any MessageHandler)

    /// The typed message's handler, or `nil` for a notification.
    var message: (any MessageHandler)? {
        if case .message(let handler) = self { return handler }
        return nil
    }
}

extension Handler<AnyObject> {
    /// A selector table's handler for a method of `Observer`: made once per table entry, and shared by the listeners
    /// of every observer the entry accepts.
    static func owned<Observer: AnyObject>(_ body: @escaping @Sendable (Observer, Notification) -> Void) -> Handler {
        .observer { observer, notification in
            guard let owner: Observer = asOwner(observer) else { return }
            body(owner, notification)
        }
    }

    /// The main-actor form of ``owned(_:)``.
    static func ownedOnMainActor<Observer: AnyObject>(
        _ body: @escaping @MainActor @Sendable (Observer, Notification) -> Void
    ) -> Handler {
        .mainActorObserver { observer, notification in
            guard let owner: Observer = asOwner(observer) else { return }
            body(owner, notification)
        }
    }
}

/// The observer of an owner's closure as the owner's class: every owner-typed handler (of a notification, a message or
/// a selector) gets its observer from its listener, which was made with that owner, an `Owner` (a selector table's
/// entry is checked with `accepts` first).
///
/// Cast as loaded, before it is unwrapped: in a generic listener, casting an unwrapped observer copied it, a retain and
/// a release of an object with a side table on every call (Benchmarks/README.md, "Issue 35: the owner's closure stored
/// as written").
@inline(__always)
func asOwner<Owner: AnyObject>(_ observer: AnyObject?) -> Owner? {
    guard let observer else { return nil }
    // Unchecked: the cast holds by construction, and its check cost a delivery more than the bar for a post allows.
    return unsafeDowncast(observer, to: Owner.self)
}

/// How a typed-message info registers with its center and calls its handler.
///
/// Made where the message type is known (``MessageSubject``'s builders), so that the listener stays non-generic.
/// Foundation's message API, which not every supported platform version has, is used only in the closures it is made
/// with.
protocol MessageHandler: AnyObject, Sendable {
    /// The message type, such as `DocumentDidSave.self`.
    var type: Any.Type { get }
    /// Whether Foundation runs each call in a task of its own (an asynchronous message): then each start has a
    /// registration of its own, since a shared registration would run the handlers one after the other.
    var isAsync: Bool { get }
    /// Makes the Foundation registration of `registration` (numbered `attempt`) for a start of `listener`, from
    /// `subject` (any subject for `nil`); runs no user code.
    var register:
        @Sendable (
            _ listener: Listener, _ subject: AnyObject?, _ registration: SharedRegistration, _ attempt: UInt32
        ) -> CenterToken
    { get }
}

/// A typed message's handler: a main-actor message's infos of one center, message type and subject (or any subject)
/// share one Foundation registration, whose block calls each one's `call` in the order in which they started.
final class TypedMessageHandler<Message>: MessageHandler {
    var type: Any.Type { Message.self }
    var isAsync: Bool { call == nil }
    let register: @Sendable (Listener, AnyObject?, SharedRegistration, UInt32) -> CenterToken
    /// A main-actor message's handler, called with the observer (`nil` when it takes none); `nil` for an asynchronous
    /// message, whose registration's block calls its handler.
    let call: (@MainActor @Sendable (_ observer: AnyObject?, _ message: Message) -> Void)?

    init(
        call: (@MainActor @Sendable (AnyObject?, Message) -> Void)?,
        register: @escaping @Sendable (Listener, AnyObject?, SharedRegistration, UInt32) -> CenterToken
    ) {
        self.call = call
        self.register = register
    }
}
