import Foundation

// What an info says of itself: whether it listens, its key, its description.
extension NotificationInfo {
    // MARK: - State

    /// Whether the info holds a registration on its center now.
    ///
    /// A registration whose observer or sender was released can never deliver again: reading this property drops
    /// it and answers `false`. It reports that once: a released sender for any info, a released observer only for
    /// an info no engine owns (an owner stops its infos itself).
    public var isListening: Bool {
        var kept = KeptObjects()
        var sender: AnyObject?
        return withCore { core in
            let decision = core.withLock { state -> InfoCore.Decision in
                guard state.registration != nil else { return .skip }
                sender = state.sender
                return core.dropIfDead(&state, keeping: &kept) ?? .call(observer: nil, tap: nil)
            }
            switch decision {
            case .skip:
                return false
            case .call:
                return true
            case .drop(let withdrawal, let observerGone, let shouldReport):
                core.finish(withdrawal)
                if shouldReport { core.reportReleased(observerGone: observerGone, sender: sender) }
                return false
            }
        }
    }

    /// What makes two registrations "the same" for duplicate detection; built when asked (see ``keyHash``).
    var registrationKey: RegistrationKey {
        let identity: RegistrationKey.HandlerIdentity
        if let selector = handler.selector, let keyObserver {
            identity = .selector(selector, observer: keyObserver)
        } else {
            identity = .closure(fileID: fileID, line: line, column: keyColumn, observer: keyObserver)
        }
        return RegistrationKey(
            name: name,
            sender: keySender,
            lifespan: lifespan,
            handler: identity,
            messageType: messageTypeID
        )
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
        invocation.messageSubscription?.messageType
    }

    /// The selector name that handles the notification, or `nil` for a closure.
    public var selector: String? {
        handler.selector?.name
    }

    /// The typed message this info registers for, such as `DocumentDidSave.self`, or `nil` for a notification info.
    public var messageType: Any.Type? {
        invocation.messageSubscription?.type
    }

    /// Whether the sender and the observer that ``registrationKey`` names by identity are still alive.
    ///
    /// Once one of them is gone, a new object at the same address gives an equal key for a different registration,
    /// so a stale key makes no info a duplicate. The objects loaded to find out stay in `kept`: release it only after
    /// leaving every lock (the engine calls this under its own).
    func registrationKeyIsCurrent(keeping kept: inout KeptObjects) -> Bool {
        let namesObserver = keyObserver != nil
        let filtersOnSender = filtersBySender
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
        let (listening, sender) = withCore { $0.withLock { ($0.registration != nil, $0.sender) } }
        return InfoCore.Label(
            kind: kind,
            name: name,
            lifespan: lifespan,
            handler: handler,
            fileID: fileID,
            line: line
        ).describe(filtersOnSender: filtersBySender, sender: sender, listening: listening)
    }
}
