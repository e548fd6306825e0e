import Foundation

/// How a typed-message info registers with its center and calls its handler.
///
/// It is made where the message type is known (the generic initialisers and shorthands), so that
/// ``NotificationInfo`` stays non-generic: the info keeps this value in its ``Invocation``. Foundation's message API,
/// which is not available on every platform version the package supports, is used only inside the builders; the
/// fields use types that every platform has.
struct MessageSubscription: Sendable {
    /// ``NotificationInfo/Kind/mainActorMessage`` or ``NotificationInfo/Kind/asyncMessage``.
    let kind: NotificationInfo.Kind
    /// The message type, for inspection.
    let type: Any.Type
    /// The message type's identity, for duplicate detection and for the hub's key.
    var messageType: ObjectIdentifier { ObjectIdentifier(type) }
    /// Whether the handler receives the weakly held observer, so that a gone observer drops the registration.
    let needsObserver: Bool
    /// How the info's messages reach it.
    let registration: Registration
    /// Removes a registration made by ``registration`` by its token, and nothing else.
    let unregister: @Sendable (_ center: NotificationCenter, _ token: any Sendable) -> Void

    enum Registration: Sendable {
        /// A main-actor message: the infos of one (center, message type, subject or any) share one Foundation
        /// registration, kept by the center's ``NotificationHub`` like a notification name's. Foundation does not
        /// pass the subject to a message observer, so the subject is part of that key, and the filter stays exact.
        ///
        /// `register` makes the shared registration for a ``HubList`` (from `subject` when the infos filter on one,
        /// from any subject otherwise); it runs no user code and returns Foundation's `ObservationToken`. `call`
        /// passes one message, as a ``PostedMessage``, to one info's handler.
        case shared(
            register: @Sendable (_ center: NotificationCenter, _ subject: AnyObject?, _ list: HubList) -> any Sendable,
            call: @MainActor @Sendable (_ observer: AnyObject?, _ message: PostedMessage) -> Void
        )
        /// An asynchronous message: a Foundation registration of the info's own. Foundation runs each observer of
        /// an asynchronous message in a task of its own, concurrently with the others
        /// (`_NotificationCenterActorQueueManager` adds one child task per observer); a shared registration would
        /// run all the infos' handlers of a post one after the other in one task, so a slow handler would delay
        /// the rest.
        ///
        /// `register` registers `info` from `subject` when it filters on one (alive:
        /// ``NotificationInfo/start(byHold:)`` checks), from any subject otherwise; each message is passed on only
        /// while the registration of `generation` stands. It runs no user code; it returns Foundation's
        /// `ObservationToken`.
        case own(
            register: @Sendable (_ info: NotificationInfo, _ subject: AnyObject?, _ generation: UInt64) -> any Sendable
        )
    }
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
            registration: .shared(
                register: { center, _, list in
                    center.addObserver(
                        of: Message.Subject.self,
                        for: NotificationCenter.BaseMessageIdentifier<Message>(),
                        using: sharedObserver(list, Message.self)
                    )
                },
                call: erased(handler)
            ),
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
            registration: .shared(
                register: { center, subject, list in
                    center.addObserver(
                        of: typedSubject(subject, as: Message.Subject.self, for: Message.self),
                        for: Message.self,
                        using: sharedObserver(list, Message.self)
                    )
                },
                call: erased(handler)
            ),
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
            registration: .own(register: { info, _, generation in
                info.center.addObserver(
                    of: Message.Subject.self,
                    for: NotificationCenter.BaseMessageIdentifier<Message>(),
                    using: asyncObserver(info, generation, handler)
                )
            }),
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
            registration: .own(register: { info, subject, generation in
                info.center.addObserver(
                    of: typedSubject(subject, as: Message.Subject.self, for: Message.self),
                    for: Message.self,
                    using: asyncObserver(info, generation, handler)
                )
            }),
            unregister: removeObservation
        )
    }

    /// The block of a shared main-actor registration, which Foundation calls on the main actor during the post: it
    /// hands the message to the list's infos, in the order in which they started listening.
    private static func sharedObserver<Message: NotificationCenter.MainActorMessage>(
        _ list: HubList,
        _ messageType: Message.Type
    ) -> @MainActor @Sendable (Message) -> Void {
        nonisolated(unsafe) let list = list  // Read only under its own lock; see HubList.
        return { message in
            // The address is valid during the call, which delivers to every info. Not `withUnsafePointer`: its
            // closure, calling main-actor code, would check the actor again at run time.
            var message = message
            list.deliverMessage(&message)
        }
    }

    /// A handler that takes its message as a ``PostedMessage``, checks its type and reads it.
    private static func erased<Message: NotificationCenter.MainActorMessage>(
        _ handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> @MainActor @Sendable (AnyObject?, PostedMessage) -> Void {
        { observer, message in handler(observer, message.read(as: Message.self)) }
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
        for messageType: Any.Type
    ) -> Subject {
        guard let subject else {
            fatalError(
                "Expected a live subject when registering for \(messageType), but there was none: start checks it."
            )
        }
        return unsafeDowncast(subject, to: Subject.self)
    }

    /// Removes one message registration by its token.
    private static func removeObservation(_ center: NotificationCenter, _ token: any Sendable) {
        guard let token = token as? NotificationCenter.ObservationToken else { return }
        center.removeObserver(token)
    }
}

/// A main-actor message on its way from a shared registration's block to the handlers of the infos in its list,
/// without its type: the list is not generic, and each handler is.
///
/// The block hands its argument's address, valid while the list calls its infos (all synchronously, inside the
/// block's call to the list), and the message type's identity; each handler checks that identity before reading
/// the message as its own type. The hub's key contains the message type, so the check cannot fail. Boxing the
/// message in `Any` and casting it back with `as!` would be as safe, but measured 300 to 1,700 instructions per
/// handler call (the runtime cast, and with `as?` a lookup of `Optional<Message>`'s metadata): more than a whole
/// post of a notification to one info.
struct PostedMessage {
    private let address: UnsafeRawPointer
    private let type: ObjectIdentifier

    init(_ address: UnsafeRawPointer, of type: Any.Type) {
        self.address = address
        self.type = ObjectIdentifier(type)
    }

    /// The message, which must be a `Message`.
    func read<Message>(as messageType: Message.Type) -> Message {
        precondition(
            type == ObjectIdentifier(Message.self),
            "Expected a \(Message.self) from the shared registration of its type, but got another message type"
        )
        return address.assumingMemoryBound(to: Message.self).pointee
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
