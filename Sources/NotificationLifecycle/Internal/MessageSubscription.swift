import Foundation

/// How a typed-message info registers with its center and calls its handler.
///
/// It is made where the message type is known (the generic initialisers and shorthands), so that
/// ``NotificationInfo`` stays non-generic: the info keeps this value in its ``Invocation`` and asks it to register
/// and to remove the registration. Foundation's message API, which is not available on every platform version the
/// package supports, is used only inside the builders; the fields use types that every platform has.
package struct MessageSubscription: Sendable {
    /// ``NotificationInfo/Kind/mainActorMessage`` or ``NotificationInfo/Kind/asyncMessage``.
    let kind: NotificationInfo.Kind
    /// The message type, for inspection.
    let type: Any.Type
    /// The message type's identity, for duplicate detection.
    var messageType: ObjectIdentifier { ObjectIdentifier(type) }
    /// Whether the handler receives the weakly held observer, so that a gone observer drops the registration.
    let needsObserver: Bool
    /// Registers `info` with its center for the message: from `subject` when the info filters on one (it is alive:
    /// ``NotificationInfo/start(byHold:)`` checks), from any subject otherwise. Each message is passed on only while
    /// the registration of `generation` stands. Runs no user code; returns Foundation's `ObservationToken`.
    let register: @Sendable (_ info: NotificationInfo, _ subject: AnyObject?, _ generation: UInt64) -> any Sendable
    /// Removes a registration made by ``register`` by its token, and nothing else.
    let unregister: @Sendable (_ center: NotificationCenter, _ token: any Sendable) -> Void
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension MessageSubscription {
    /// A main-actor message from any subject.
    static func mainActor<Message: NotificationCenter.MainActorMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> MessageSubscription {
        MessageSubscription(
            kind: .mainActorMessage,
            type: Message.self,
            needsObserver: needsObserver,
            register: { info, _, generation in
                info.center.addObserver(
                    of: Message.Subject.self,
                    for: NotificationCenter.BaseMessageIdentifier<Message>(),
                    using: mainActorObserver(info, generation, handler)
                )
            },
            unregister: removeObservation
        )
    }

    /// A main-actor message from one subject.
    static func mainActorFromOneSubject<Message: NotificationCenter.MainActorMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> MessageSubscription where Message.Subject: AnyObject {
        MessageSubscription(
            kind: .mainActorMessage,
            type: Message.self,
            needsObserver: needsObserver,
            register: { info, subject, generation in
                info.center.addObserver(
                    of: typedSubject(subject, as: Message.Subject.self, for: info),
                    for: Message.self,
                    using: mainActorObserver(info, generation, handler)
                )
            },
            unregister: removeObservation
        )
    }

    /// An asynchronous message from any subject.
    static func async<Message: NotificationCenter.AsyncMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: AsyncMessageHandler<Message>
    ) -> MessageSubscription {
        MessageSubscription(
            kind: .asyncMessage,
            type: Message.self,
            needsObserver: needsObserver,
            register: { info, _, generation in
                info.center.addObserver(
                    of: Message.Subject.self,
                    for: NotificationCenter.BaseMessageIdentifier<Message>(),
                    using: asyncObserver(info, generation, handler)
                )
            },
            unregister: removeObservation
        )
    }

    /// An asynchronous message from one subject.
    static func asyncFromOneSubject<Message: NotificationCenter.AsyncMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: AsyncMessageHandler<Message>
    ) -> MessageSubscription where Message.Subject: AnyObject {
        MessageSubscription(
            kind: .asyncMessage,
            type: Message.self,
            needsObserver: needsObserver,
            register: { info, subject, generation in
                info.center.addObserver(
                    of: typedSubject(subject, as: Message.Subject.self, for: info),
                    for: Message.self,
                    using: asyncObserver(info, generation, handler)
                )
            },
            unregister: removeObservation
        )
    }

    /// The observer Foundation calls on the main actor, during the post: checks the registration, then calls.
    private static func mainActorObserver<Message: NotificationCenter.MainActorMessage>(
        _ info: NotificationInfo,
        _ generation: UInt64,
        _ handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> @MainActor @Sendable (Message) -> Void {
        { [weak info] message in
            guard let info, let admitted = info.admitMessage(generation: generation) else { return }
            admitted.tap?(DeliveryEvent(messageOf: info))
            handler(admitted.observer, message)
        }
    }

    /// The observer Foundation runs in a task of its own: checks the registration when the call is about to be
    /// made (on the main actor for a main-actor handler), then calls.
    private static func asyncObserver<Message: NotificationCenter.AsyncMessage>(
        _ info: NotificationInfo,
        _ generation: UInt64,
        _ handler: AsyncMessageHandler<Message>
    ) -> @Sendable (Message) async -> Void {
        switch handler {
        case .anywhere(let handler):
            return { [weak info] message in
                guard let info, let admitted = info.admitMessage(generation: generation) else { return }
                admitted.tap?(DeliveryEvent(messageOf: info))
                await handler(admitted.observer, message)
            }
        case .onMainActor(let handler):
            return { @MainActor [weak info] message in
                guard let info, let admitted = info.admitMessage(generation: generation) else { return }
                admitted.tap?(DeliveryEvent(messageOf: info))
                await handler(admitted.observer, message)
            }
        }
    }

    /// The subject the info filters on, typed for Foundation's call.
    private static func typedSubject<Subject: AnyObject>(
        _ subject: AnyObject?,
        as subjectType: Subject.Type,
        for info: NotificationInfo
    ) -> Subject {
        guard let subject else {
            fatalError("Expected \(info) to have a live subject when registering, but it had none: start checks it.")
        }
        return unsafeDowncast(subject, to: Subject.self)
    }

    /// Removes one message registration by its token.
    private static func removeObservation(_ center: NotificationCenter, _ token: any Sendable) {
        guard let token = token as? NotificationCenter.ObservationToken else { return }
        center.removeObserver(token)
    }
}

/// Where an asynchronous-message handler runs.
enum AsyncMessageHandler<Message: Sendable>: Sendable {
    /// As Foundation runs it: in a task of its own, concurrently with other calls.
    case anywhere(@Sendable (AnyObject?, Message) async -> Void)
    /// On the main actor, from the task Foundation starts; the observer is fetched there too, so a main-actor
    /// owner never leaves the main actor.
    case onMainActor(@MainActor @Sendable (AnyObject?, Message) async -> Void)
}
