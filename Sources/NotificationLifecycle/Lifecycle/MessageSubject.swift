import Foundation

/// Which posts of a typed message an info hears: posted with any subject, or only with one object.
///
/// ```swift
/// // Excerpt: calls in a method of the owner
/// addMessageInfo(for: ThemeDidChange.self) { screen, message in
///     screen.apply(message.theme)
/// }
/// addMessageInfo(for: ThemeDidChange.self, subject: .only(themeStore)) {
///     screen, message in
///     screen.apply(message.theme)
/// }
/// ```
///
/// The object of ``only(_:)`` is held weakly. Once it is gone the info does not listen any more: it never widens to
/// any subject (reported as ``NotificationDiagnostic/Rule/senderReleased``).
public struct MessageSubject<Subject>: @unchecked Sendable {
    // Unchecked: the object only travels to an info, which holds it weakly and never calls it.
    /// The object to filter on, which the info holds weakly; `nil` for any subject.
    let object: AnyObject?
    /// How to register for one subject; `nil` for any subject.
    let filter: (any SubjectFilter<Subject>)?

    /// Messages posted with any subject, or none.
    public static var any: MessageSubject { MessageSubject(object: nil, filter: nil) }
}

extension MessageSubject where Subject: AnyObject {
    /// Only messages posted with `subject`. Held weakly.
    public static func only(_ subject: Subject) -> MessageSubject {
        MessageSubject(object: subject, filter: OneSubject())
    }
}

/// Registers for messages of one subject. A protocol, so that the initialisers, generic over the message only, can
/// reach Foundation's one-subject calls, which need the subject's type to be a class.
protocol SubjectFilter<Subject>: Sendable {
    associatedtype Subject

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func addObserver<Message: NotificationCenter.MainActorMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        using block: @escaping @MainActor @Sendable (Message) -> Void
    ) -> NotificationCenter.ObservationToken where Message.Subject == Subject

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func addObserver<Message: NotificationCenter.AsyncMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        using block: @escaping @Sendable (Message) async -> Void
    ) -> NotificationCenter.ObservationToken where Message.Subject == Subject

    /// Has `order` read Foundation's own sequence of the messages of `subject`, for the info of `listener`.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func read<Message: NotificationCenter.AsyncMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        into order: PostOrder<Message>,
        for listener: Listener
    ) where Message.Subject == Subject
}

private struct OneSubject<Subject: AnyObject>: SubjectFilter {
    /// The live subject the info checked when it started, typed for Foundation's call.
    private func typed(_ subject: AnyObject?) -> Subject {
        guard let subject = subject as? Subject else {
            fatalError("Expected a live \(Subject.self) subject when registering, but there was none: start checks it.")
        }
        return subject
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func addObserver<Message: NotificationCenter.MainActorMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        using block: @escaping @MainActor @Sendable (Message) -> Void
    ) -> NotificationCenter.ObservationToken where Message.Subject == Subject {
        center.addObserver(of: typed(subject), for: Message.self, using: block)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func addObserver<Message: NotificationCenter.AsyncMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        using block: @escaping @Sendable (Message) async -> Void
    ) -> NotificationCenter.ObservationToken where Message.Subject == Subject {
        center.addObserver(of: typed(subject), for: Message.self, using: block)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func read<Message: NotificationCenter.AsyncMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        into order: PostOrder<Message>,
        for listener: Listener
    ) where Message.Subject == Subject {
        order.read(center.messages(of: typed(subject), for: Message.self, bufferSize: Int.max), for: listener)
    }
}

/// What a typed-message info is made from: its handler, and the subject it filters on (`nil` for any).
typealias MessageSource = (handler: any MessageHandler, subject: AnyObject?)

/// Foundation's identifier of the messages of `Message` posted with any subject.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
typealias AnySubject<Message> = NotificationCenter.BaseMessageIdentifier<Message>

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension MessageSubject {
    /// A main-actor message info's source: the infos of one center, message type and subject share a registration.
    func mainActor<Message: NotificationCenter.MainActorMessage>(
        _ call: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> MessageSource where Message.Subject == Subject {
        // Not `self`, which holds the subject strongly: the info holds it weakly.
        let filter = filter
        let handler = TypedMessageHandler<Message>(call: call) { listener, subject, registration, attempt in
            let (center, lock) = (listener.center, registration.lock)
            // Strong, as a notification registration's block (see CenterRegistry's "Ownership").
            let block: @MainActor @Sendable (Message) -> Void = {
                registration.deliver(message: $0, under: lock, attempt: attempt)
            }
            let token =
                filter?.addObserver(on: center, subject: subject, using: block)
                ?? center.addObserver(of: Subject.self, for: AnySubject<Message>(), using: block)
            return CenterToken(.message(token), for: block)
        }
        return (handler, object)
    }

    /// An asynchronous message info's source: each start registers on its own, with the block that `observer` makes
    /// for the listener and the start's generation, which Foundation runs in a task of its own for each post.
    func async<Message: NotificationCenter.AsyncMessage>(
        observer: @escaping @Sendable (Listener, UInt64) -> @Sendable (Message) async -> Void
    ) -> MessageSource where Message.Subject == Subject {
        // Not `self`, which holds the subject strongly: the info holds it weakly.
        let filter = filter
        let handler = TypedMessageHandler<Message>(call: nil) { listener, subject, registration, _ in
            let (center, block) = (listener.center, observer(listener, registration.key.alone))
            let token =
                filter?.addObserver(on: center, subject: subject, using: block)
                ?? center.addObserver(of: Subject.self, for: AnySubject<Message>(), using: block)
            return CenterToken(.message(token), for: block)
        }
        return (handler, object)
    }

    /// An asynchronous message info's source that calls `handler` once it has checked that the start's registration
    /// still stands.
    func async<Message: NotificationCenter.AsyncMessage>(
        calling handler: @escaping @Sendable (AnyObject?, Message) async -> Void
    ) -> MessageSource where Message.Subject == Subject {
        // Weak: the listener keeps its registration until it stops, the registration the token, which on Apple
        // platforms keeps this block (see CenterRegistry's "Ownership"); a listener that is gone has stopped.
        async { listener, generation in
            { [weak listener] message in await admitAndCall(listener, generation, message, handler) }
        }
    }

    /// As ``async(calling:)``, for a handler that runs on the main actor: the check is made there too, so a main-actor
    /// owner never leaves the main actor.
    func async<Message: NotificationCenter.AsyncMessage>(
        onMainActor handler: @escaping @MainActor @Sendable (AnyObject?, Message) async -> Void
    ) -> MessageSource where Message.Subject == Subject {
        async { listener, generation in
            { @MainActor [weak listener] message in await admitAndCall(listener, generation, message, handler) }
        }
    }
}

/// Calls `handler` if the registration of `generation` still stands, checked on the caller's actor (the main actor
/// for a main-actor handler), with the call marked as running in its task (and the tasks it makes), so that a
/// teardown's wait made there does not wait for it.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
private func admitAndCall<Message: NotificationCenter.AsyncMessage>(
    _ listener: Listener?,
    _ generation: UInt64,
    _ message: Message,
    _ handler: (AnyObject?, Message) async -> Void,
    isolation: isolated (any Actor)? = #isolation
) async {
    guard let listener, let (observer, tapping, late) = listener.admit(generation) else { return }
    defer { listener.endLateCall(late) }
    guard let call = Tapping.showMessage(tapping) else { return }
    await RunningHandler.$calls.withValue(RunningHandler.calls + [RunningHandler(listener, late)]) {
        await handler(observer, message)
    }
    call.end()
}

/// Finishes a lifespan-bound message sequence when it is released: when no call of its registration is left to run.
final class SequenceEnd: Sendable {
    private let finish: @Sendable () -> Void

    init(_ finish: @escaping @Sendable () -> Void) {
        self.finish = finish
    }

    deinit {
        finish()
    }
}
