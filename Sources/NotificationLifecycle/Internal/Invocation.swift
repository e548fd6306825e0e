import Foundation

/// How an info calls its handler, resolved when the info is made so that a post does no lookup.
enum Invocation: Sendable {
    /// A closure that needs no observer.
    case unbound(@Sendable (Notification) -> Void)
    /// A handler that receives the (weakly held) observer, called on the posting thread or the info's queue.
    case bound(@Sendable (AnyObject, Notification) -> Void)
    /// A handler that receives the observer on the main actor.
    case boundOnMainActor(@MainActor @Sendable (AnyObject, Notification) -> Void)
    /// A selector name the observer does not answer: the info was reported when made and never listens.
    case unresolved
    /// A typed message: how to register for it and call the handler, built where the message type is known.
    /// Indirect, so that the notification cases stay as small to copy as they were.
    indirect case message(MessageSubscription)

    var needsObserver: Bool {
        switch self {
        case .unbound, .unresolved: return false
        case .bound, .boundOnMainActor: return true
        case .message(let subscription): return subscription.needsObserver
        }
    }

    /// The handler call of a main-actor message info, which shares its registration; `nil` for another info.
    var sharedMessageCall: (@MainActor @Sendable (AnyObject?, PostedMessage) -> Void)? {
        guard case .message(let subscription) = self, case .shared(_, let call) = subscription.registration else {
            return nil
        }
        return call
    }

    /// How an asynchronous message info registers on its own; `nil` for another info.
    var ownMessageRegister: (@Sendable (NotificationInfo, AnyObject?, UInt64) -> any Sendable)? {
        guard case .message(let subscription) = self, case .own(let register) = subscription.registration else {
            return nil
        }
        return register
    }

    /// The typed-message subscription, or `nil` for a notification.
    var messageSubscription: MessageSubscription? {
        if case .message(let subscription) = self { return subscription }
        return nil
    }
}

extension Invocation {
    /// A bound invocation for a handler typed with its owner's class.
    static func ownerTyped<Owner: AnyObject>(
        _ handler: @escaping @Sendable (Owner, Notification) -> Void
    ) -> Invocation {
        .bound { owner, notification in handler(unsafeDowncast(owner, to: Owner.self), notification) }
    }

    /// A main-actor invocation for a handler typed with its owner's class.
    static func ownerTypedOnMainActor<Owner: AnyObject>(
        _ handler: @escaping @MainActor @Sendable (Owner, Notification) -> Void
    ) -> Invocation {
        .boundOnMainActor { owner, notification in handler(unsafeDowncast(owner, to: Owner.self), notification) }
    }
}
