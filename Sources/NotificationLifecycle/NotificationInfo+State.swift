public import Foundation

// What an info says of itself: whether it listens, its key, its description.
extension NotificationInfo {
    // MARK: - State

    /// Whether the info holds a registration on its center now.
    ///
    /// A registration whose observer or sender was released can never deliver again: reading this property drops
    /// it and answers `false`. It reports that once: a released sender for any info, a released observer only for
    /// an info no engine owns (an owner stops its infos itself).
    public var isListening: Bool {
        var parties = InfoCore.Parties()
        return withCore { core in
            let decision = core.withLock { state -> InfoCore.Decision in
                guard state.isListening else { return .skip }
                return core.checkParties(&state, into: &parties) ?? .call(observer: nil, tap: nil)
            }
            switch decision {
            case .skip:
                return false
            case .call:
                return true
            case .drop(let withdrawal, let observerGone, let shouldReport):
                core.finish(withdrawal)
                if shouldReport { core.reportReleased(observerGone: observerGone, sender: parties.sender) }
                return false
            }
        }
    }

    /// What makes two registrations "the same" for duplicate detection; built when asked (see ``keyHash``).
    // MARK: - Facts (kept once, by the core)

    /// Reads a fact of the info, which never changes.
    @inline(__always)
    func fact<Value>(_ read: (UnsafeMutablePointer<InfoCore.Facts>) -> Value) -> Value {
        withCore { $0.fact(read) }
    }

    /// The notification name, or `nil` for every notification.
    ///
    /// For a typed-message info, the message type's name, such as `MyApp.DocumentDidSave`.
    public var name: Notification.Name? { fact { $0.pointee.label.name } }
    /// Whether the info delivers only notifications of one sender (even once that sender is gone).
    package var filtersBySender: Bool { fact { $0.pointee.filtersOnSender } }
    /// Whether the info registers for a notification name or for a typed message.
    package var kind: Kind { fact { $0.pointee.label.kind } }
    /// What handles the notification.
    var handler: Handler { fact { $0.pointee.label.handler } }
    /// The `#fileID` of the code that made the info.
    package var fileID: String { fact { $0.pointee.label.fileID } }
    /// The line of the code that made the info.
    package var line: Int { fact { $0.pointee.label.line } }
    /// How the handler is called.
    var invocation: Invocation { fact { $0.pointee.invocation } }
    /// Whether the info's selector was not found in its observer's table when it was made (so it never listens), and
    /// whether it needs a live observer. For the testing module's failures, which say why an info does not listen.
    package var hasUnknownSelector: Bool {
        if case .unresolved = invocation { return true }
        return false
    }
    package var needsObserver: Bool { fact { $0.pointee.needsObserver } }
    /// The queue handlers run on, or `nil` for the posting thread.
    var queue: OperationQueue? { fact { $0.pointee.queue } }

    var registrationKey: RegistrationKey {
        fact { facts in
            let label = facts.pointee.label
            let identity: RegistrationKey.HandlerIdentity
            if let selector = label.handler.selector, let keyObserver = facts.pointee.keyObserver {
                identity = .selector(selector, observer: keyObserver)
            } else {
                identity = .closure(
                    fileID: label.fileID,
                    line: label.line,
                    column: facts.pointee.keyColumn,
                    observer: facts.pointee.keyObserver
                )
            }
            return RegistrationKey(
                name: label.name,
                sender: facts.pointee.keySender,
                lifespan: label.lifespan,
                handler: identity,
                messageType: facts.pointee.invocation.messageSubscription?.messageType
            )
        }
    }

    /// Whether the info is a notification info with `name: nil`, which receives every notification.
    var listensToEveryNotification: Bool {
        kind == .notification && name == nil
    }

    /// Whether the info registers for a typed message.
    var isMessageInfo: Bool {
        kind != .notification
    }

    /// The typed message's type, or `nil` for a notification info.
    package var messageTypeID: ObjectIdentifier? {
        fact { $0.pointee.invocation.messageSubscription?.messageType }
    }

    /// The selector name that handles the notification, or `nil` for a closure.
    public var selector: String? {
        fact { $0.pointee.label.handler.selector?.name }
    }

    /// The typed message this info registers for, such as `DocumentDidSave.self`, or `nil` for a notification info.
    public var messageType: Any.Type? {
        fact { $0.pointee.invocation.messageSubscription?.type }
    }

    /// Whether the sender and the observer that ``registrationKey`` names by identity are still alive.
    ///
    /// Once one of them is gone, a new object at the same address gives an equal key for a different registration,
    /// so a stale key makes no info a duplicate. The objects loaded to find out stay in `kept`: release it only after
    /// leaving every lock (the engine calls this under its own).
    func registrationKeyIsCurrent(keeping kept: inout KeptObjects) -> Bool {
        let (namesObserver, filtersOnSender) = fact { ($0.pointee.keyObserver != nil, $0.pointee.filtersOnSender) }
        return withCore { core in
            core.withLock { state in
                (!filtersOnSender || state.sender(keeping: &kept) != nil)
                    && (!namesObserver || state.observer(keeping: &kept) != nil)
            }
        }
    }

    /// The sender filter, or `nil` when the info accepts any sender or its sender is gone.
    package var object: AnyObject? {
        withCore { $0.withLock { $0.sender } }
    }

    /// The observer whose method or owner-closure handles the notification, while it lives.
    package var observer: AnyObject? {
        withCore { $0.withLock { $0.observer } }
    }

    /// One line for tests and debugging: name, sender, lifespan, handler, and whether it listens.
    public var description: String {
        let (listening, sender) = withCore { $0.withLock { ($0.isListening, $0.sender) } }
        return fact {
            $0.pointee.label.describe(filtersOnSender: $0.pointee.filtersOnSender, sender: sender, listening: listening)
        }
    }
}
