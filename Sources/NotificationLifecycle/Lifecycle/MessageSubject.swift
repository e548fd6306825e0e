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

    /// Has `order` read Foundation's own sequence of the messages of `subject`.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func read<Message: NotificationCenter.AsyncMessage>(
        on center: NotificationCenter,
        subject: AnyObject?,
        into order: PostOrder<Message>
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
        into order: PostOrder<Message>
    ) where Message.Subject == Subject {
        order.read(center.messages(of: typed(subject), for: Message.self, bufferSize: Int.max))
    }
}

/// Where an asynchronous-message handler runs.
enum AsyncMessageCall<Message: Sendable>: Sendable {
    /// As Foundation runs it: in a task of its own, concurrently with other calls.
    case anywhere(@Sendable (AnyObject?, Message) async -> Void)
    /// On the main actor, from the task Foundation starts; the observer is fetched there too, so a main-actor owner
    /// never leaves the main actor.
    case onMainActor(@MainActor @Sendable (AnyObject?, Message) async -> Void)
    /// A lifespan-bound sequence's count of calls (see ``PostOrder``), which also takes the calls of posts made
    /// before its stop that Foundation runs after it: the stop removes the registration, so a later post makes no
    /// call, and every call Foundation had taken on holds the registration's block, which holds `end`. So `end` is
    /// released, and tells the sequence the count is final, once the last of them has run.
    case keepingPosted(@Sendable (Message) -> Void, end: SequenceEnd)
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

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension MessageHandler {
    /// The handler of a main-actor message info, whose infos share a registration per subject.
    static func mainActor<Message: NotificationCenter.MainActorMessage>(
        _ messageType: Message.Type,
        from subject: MessageSubject<Message.Subject>,
        call: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> Self where Self == MainActorMessageHandler<Message> {
        let filter = subject.filter
        return MainActorMessageHandler<Message>(
            register: { center, subject, registration, attempt in
                let lock = registration.lock
                // Strong, as a notification registration's block (see CenterRegistry's "Ownership").
                let block: @MainActor @Sendable (Message) -> Void = {
                    registration.deliver(message: $0, under: lock, attempt: attempt)
                }
                return CenterCalls.addObserver(using: block) { block in
                    guard let filter else {
                        return center.addObserver(
                            of: Message.Subject.self,
                            for: NotificationCenter.BaseMessageIdentifier<Message>(),
                            using: block
                        )
                    }
                    return filter.addObserver(on: center, subject: subject, using: block)
                }
            },
            call: call
        )
    }

    /// The handler of an asynchronous message info, which registers on its own.
    static func async<Message: NotificationCenter.AsyncMessage>(
        _ messageType: Message.Type,
        from subject: MessageSubject<Message.Subject>,
        call: AsyncMessageCall<Message>
    ) -> Self where Self == AsyncMessageHandler {
        let filter = subject.filter
        return AsyncMessageHandler(
            type: Message.self,
            register: { listener, subject, generation in
                let center = listener.center
                return CenterCalls.addObserver(using: asyncObserver(listener, generation, call)) { block in
                    guard let filter else {
                        return center.addObserver(
                            of: Message.Subject.self,
                            for: NotificationCenter.BaseMessageIdentifier<Message>(),
                            using: block
                        )
                    }
                    return filter.addObserver(on: center, subject: subject, using: block)
                }
            }
        )
    }

    /// The observer Foundation runs in a task of its own: checks the registration when the call is about to be made
    /// (on the main actor for a main-actor handler), then calls.
    private static func asyncObserver<Message: NotificationCenter.AsyncMessage>(
        _ listener: Listener,
        _ generation: UInt64,
        _ call: AsyncMessageCall<Message>
    ) -> @Sendable (Message) async -> Void {
        // The call is marked as running in its task (and the tasks it makes), so that a teardown's wait made there
        // does not wait for it.
        switch call {
        // Weak: the listener keeps its registration until it stops, the registration the token, which on Apple
        // platforms keeps this block (see CenterRegistry's "Ownership"); a listener that is gone has stopped.
        case .anywhere(let handler):
            return { [weak listener] message in await admitAndCall(listener, generation, message, handler) }
        case .onMainActor(let handler):
            return { @MainActor [weak listener] message in await admitAndCall(listener, generation, message, handler) }
        case .keepingPosted(let yield, let end):
            // Strong: a call Foundation took on before the stop still yields after the listener's info is gone. The
            // stop removes the registration and its token, which ends the cycle on Apple platforms.
            return { message in
                guard let (_, tapping, late) = listener.admit(generation, evenIfStopped: true) else { return }
                defer { listener.endLateCall(late) }
                // Counted also when the info is being released (no tap event then): the count says where the
                // sequence ends.
                let call = Tapping.showMessage(tapping)
                yield(message)
                call?.end()
                withExtendedLifetime(end) {}
            }
        }
    }

    /// Calls `handler` if the registration of `generation` still stands, checked on the caller's actor (the main
    /// actor for a main-actor handler), with the call marked as running in its task.
    private static func admitAndCall<Message: NotificationCenter.AsyncMessage>(
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
}
