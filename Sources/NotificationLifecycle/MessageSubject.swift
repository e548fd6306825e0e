import Foundation

/// Which posts of a typed message an info hears: posted with any subject, or only with one object.
///
/// ```swift
/// addMessageInfo(for: ThemeDidChange.self) { screen, message in screen.apply(message.theme) }
/// addMessageInfo(for: ThemeDidChange.self, subject: .only(themeStore)) { screen, message in
///     screen.apply(message.theme)
/// }
/// ```
///
/// The object of ``only(_:)`` is held weakly. Once it is gone the info does not listen any more: it never widens to
/// any subject (reported as ``NotificationDiagnostic/Rule/senderReleased``).
public struct MessageSubject<Subject>: @unchecked Sendable {
    // Unchecked: the object only travels to an info, which holds it weakly and never calls it.
    /// The object to filter on, with what registering for it needs; `nil` for any subject.
    let filter: (any SubjectFilter<Subject>)?

    /// Messages posted with any subject, or none.
    public static var any: MessageSubject { MessageSubject(filter: nil) }
}

extension MessageSubject where Subject: AnyObject {
    /// Only messages posted with `subject`. Held weakly.
    public static func only(_ subject: Subject) -> MessageSubject {
        MessageSubject(filter: OneSubject(object: subject))
    }
}

/// Registers for messages of one subject. A protocol, so that the initialisers, generic over the message only, can
/// reach Foundation's one-subject calls, which need the subject's type to be a class.
protocol SubjectFilter<Subject> {
    associatedtype Subject
    var object: AnyObject { get }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func mainActorSubscription<Message: NotificationCenter.MainActorMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> MessageSubscription where Message.Subject == Subject

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func asyncSubscription<Message: NotificationCenter.AsyncMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: AsyncMessageHandler<Message>
    ) -> MessageSubscription where Message.Subject == Subject
}

private struct OneSubject<Subject: AnyObject>: SubjectFilter {
    let object: AnyObject

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func mainActorSubscription<Message: NotificationCenter.MainActorMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> MessageSubscription where Message.Subject == Subject {
        .mainActorFromOneSubject(messageType, needsObserver: needsObserver, handler: handler)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func asyncSubscription<Message: NotificationCenter.AsyncMessage>(
        _ messageType: Message.Type,
        needsObserver: Bool,
        handler: AsyncMessageHandler<Message>
    ) -> MessageSubscription where Message.Subject == Subject {
        .asyncFromOneSubject(messageType, needsObserver: needsObserver, handler: handler)
    }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension MessageSubscription {
    /// The subscription for a main-actor message from `subject`.
    static func mainActor<Message: NotificationCenter.MainActorMessage>(
        _ messageType: Message.Type,
        from subject: MessageSubject<Message.Subject>,
        needsObserver: Bool,
        handler: @escaping @MainActor @Sendable (AnyObject?, Message) -> Void
    ) -> MessageSubscription {
        if let filter = subject.filter {
            return filter.mainActorSubscription(messageType, needsObserver: needsObserver, handler: handler)
        }
        return .mainActor(messageType, needsObserver: needsObserver, handler: handler)
    }

    /// The subscription for an asynchronous message from `subject`.
    static func async<Message: NotificationCenter.AsyncMessage>(
        _ messageType: Message.Type,
        from subject: MessageSubject<Message.Subject>,
        needsObserver: Bool,
        handler: AsyncMessageHandler<Message>
    ) -> MessageSubscription {
        if let filter = subject.filter {
            return filter.asyncSubscription(messageType, needsObserver: needsObserver, handler: handler)
        }
        return .async(messageType, needsObserver: needsObserver, handler: handler)
    }
}
