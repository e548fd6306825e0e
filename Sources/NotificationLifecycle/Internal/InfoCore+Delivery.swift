import Foundation

// What a registration's call goes through: the checks under the core's lock, then the handler outside it.
extension InfoCore {
    // MARK: - Dead registrations

    enum Decision {
        case skip
        case call(observer: AnyObject?, tap: TapCall?)
        case drop(Withdrawal, observerGone: Bool, report: Bool)
    }

    /// The sender and observer of a registration, loaded as strong references under the lock; the caller declares
    /// this outside the lock and lets it go after (see ``KeptObjects``).
    struct Parties {
        var sender: AnyObject?
        var observer: AnyObject?
    }

    /// Loads the sender and observer that the current registration needs into `parties`, and takes the registration
    /// when one of them is gone: it can never deliver again. The one check of every path that finds a registration:
    /// a post, a typed message, ``NotificationInfo/isListening``.
    func checkParties(_ state: inout State, into parties: inout Parties) -> Decision? {
        if filtersOnSender {
            parties.sender = state.sender
            if parties.sender == nil { return drop(&state, observerGone: false) }
        }
        if needsObserver {
            parties.observer = state.observer
            if parties.observer == nil { return drop(&state, observerGone: true) }
        }
        return nil
    }

    /// Takes the registration, whose sender or observer is gone; reports a gone observer only for an info no
    /// owner ever held (an owner stops its infos itself).
    func drop(_ state: inout State, observerGone: Bool) -> Decision {
        guard let withdrawal = withdraw(&state) else { return .skip }
        let report = (!observerGone || !state.everOwned) && !state.releaseReported
        if report { state.releaseReported = true }
        return .drop(withdrawal, observerGone: observerGone, report: report)
    }

    /// `outcome` the first time a released observer or sender stops a start, then a silent `.notListening`. Unlike a
    /// drop, a start is asked for explicitly, so it is reported also for an info an engine owned: it says why the info
    /// does not listen.
    static func firstReport(
        _ outcome: NotificationInfo.StartOutcome,
        _ state: inout State
    ) -> NotificationInfo.StartOutcome {
        defer { state.releaseReported = true }
        return state.releaseReported ? .notListening : outcome
    }

    /// Reports a registration dropped because its observer or sender went away; `sender` is the sender if it still
    /// lives, for the description.
    func reportReleased(observerGone: Bool, sender: AnyObject?) {
        let label = self.label
        let description = label.describe(filtersOnSender: filtersOnSender, sender: sender, listening: false)
        if observerGone {
            reportDiagnostic(
                .observerReleased,
                "Expected the observer of \(description) to be stopped before it was released, but it was released "
                    + "while listening. Its registration is dropped. Call stopListening() before releasing the "
                    + "observer, or let a ControllerBase own the info.",
                fileID: label.fileID,
                line: label.line,
                about: center
            )
        } else {
            reportDiagnostic(
                .senderReleased,
                "Expected the sender that \(description) filters on to outlive its listening, but it was released. "
                    + "Its registration is dropped; the info does not widen to any sender. Stop the info before "
                    + "releasing the sender.",
                fileID: label.fileID,
                line: label.line,
                about: center
            )
        }
    }

    // MARK: - Delivery

    /// Called by the hub for each post of the info's name, from a snapshot taken while the registration of
    /// `generation` was linked.
    /// Decides under the lock, calls the handler outside it.
    ///
    /// The lock is taken first and the facts are read only after it. They were written when the core was made, maybe
    /// on another thread; the center's lock orders that write before this read, but ThreadSanitizer does not see it.
    /// It does see the core's lock, which the thread that started the registration took after making the core.
    func deliver(_ notification: Notification, generation: UInt64) {
        withUnsafeMutablePointers { lock, storage in
            let state = Self.state(in: storage)
            let facts = Self.facts(in: storage)
            PlatformLock.lock(lock)
            guard state.pointee.isCurrent(generation) else {
                PlatformLock.unlock(lock)
                return
            }
            if facts.pointee.unfilteredHandler != nil {
                // The short path of a closure that takes any sender: it has no observer or sender that can go. The
                // handler is called where it is stored, so that the call borrows it instead of retaining it.
                let tap = state.pointee.tapCall()
                PlatformLock.unlock(lock)
                guard showTap(tap, notification) else { return }
                facts.pointee.unfilteredHandler?(notification)
                return
            }
            // The sender and observer loaded under the lock are released only after it, when this returns.
            var parties = Parties()
            let decision = check(notification, state: &state.pointee, parties: &parties)
            PlatformLock.unlock(lock)
            switch decision {
            case .skip:
                return
            case .drop(let withdrawal, let observerGone, let shouldReport):
                finish(withdrawal)
                if shouldReport { reportReleased(observerGone: observerGone, sender: parties.sender) }
            case .call(let observer, let tap):
                switch facts.pointee.invocation {
                case .unbound(let handler):
                    guard showTap(tap, notification) else { return }
                    handler(notification)
                case .bound(let handler):
                    guard let observer, showTap(tap, notification) else { return }
                    handler(observer, notification)
                case .boundOnMainActor(let handler):
                    deliverOnMainActor(handler, notification: notification, generation: generation)
                case .unresolved, .message:
                    return
                }
            }
        }
    }

    /// The general path's checks, under the lock, of a current registration: its sender and observer
    /// (``checkParties(_:into:)``), then the posted object.
    private func check(_ notification: Notification, state: inout State, parties: inout Parties) -> Decision {
        if let drop = checkParties(&state, into: &parties) { return drop }
        if filtersOnSender {
            guard let posted = notification.object.map({ $0 as AnyObject }), posted === parties.sender else {
                return .skip
            }
        }
        return .call(observer: parties.observer, tap: state.tapCall())
    }

    /// Shows the handler call to the tap, if there is one. A tap sees each call with its info; while the info is
    /// being released there is none to show, and the call is skipped as if the info had stopped.
    private func showTap(_ tap: TapCall?, _ notification: Notification) -> Bool {
        guard let tap else { return true }
        guard let info = tap.info else { return false }
        tap.tap(DeliveryEvent(info: info, notification: notification))
        return true
    }

    private func deliverOnMainActor(
        _ handler: @escaping @MainActor @Sendable (AnyObject, Notification) -> Void,
        notification: Notification,
        generation: UInt64
    ) {
        // Foundation hands the notification over without Sendable; it is only read, on the main actor.
        nonisolated(unsafe) let notification = notification
        nonisolated(unsafe) let core = self  // See "Threads" above.
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { core.callOnMainActor(handler, notification, generation: generation) }
        } else {
            Task { @MainActor in core.callOnMainActor(handler, notification, generation: generation) }
        }
    }

    /// Calls a main-actor handler if the registration still stands (checked again on the main actor).
    @MainActor
    private func callOnMainActor(
        _ handler: @MainActor @Sendable (AnyObject, Notification) -> Void,
        _ notification: Notification,
        generation: UInt64
    ) {
        let listening = withLock { state -> (AnyObject, TapCall?)? in
            guard state.isCurrent(generation), let observer = state.observer
            else { return nil }
            return (observer, state.tapCall())
        }
        guard let (observer, tap) = listening, showTap(tap, notification) else { return }
        handler(observer, notification)
    }

    /// Called by the hub, on the main actor during the post, for a main-actor message from a snapshot taken while
    /// the registration of `generation` was linked: the checks of ``admitMessage(generation:)``, then the tap and
    /// the handler.
    @MainActor
    func deliverMessage(_ message: PostedMessage, generation: UInt64) {
        guard let (observer, tap) = admitMessage(generation: generation), showTap(tap),
            let call = fact({ $0.pointee.invocation.sharedMessageCall })
        else { return }
        call(observer, message)
    }

    /// Shows a typed-message handler call to the tap, as ``showTap(_:_:)`` does a notification's.
    private func showTap(_ tap: TapCall?) -> Bool {
        guard let tap else { return true }
        guard let info = tap.info else { return false }
        tap.tap(DeliveryEvent(messageOf: info))
        return true
    }

    /// Decides, under the lock, whether a typed message may reach the handler of the registration of `generation`;
    /// see ``NotificationInfo/admitMessage(generation:)``.
    func admitMessage(generation: UInt64) -> (observer: AnyObject?, tap: TapCall?)? {
        // The sender and observer loaded under the lock are released after it.
        var parties = Parties()
        let decision = withLock { state -> Decision in
            guard state.isCurrent(generation) else { return .skip }
            return checkParties(&state, into: &parties) ?? .call(observer: parties.observer, tap: state.tapCall())
        }
        switch decision {
        case .skip:
            return nil
        case .drop(let withdrawal, let observerGone, let shouldReport):
            finish(withdrawal)
            if shouldReport { reportReleased(observerGone: observerGone, sender: parties.sender) }
            return nil
        case .call(let observer, let tap):
            return (observer, tap)
        }
    }
}
