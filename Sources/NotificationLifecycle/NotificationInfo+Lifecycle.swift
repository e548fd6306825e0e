import Foundation

// Starting and stopping an info, on its own or for an engine, and the reports of its input.
extension NotificationInfo {
    // MARK: - Starting and stopping

    /// Starts listening. Does nothing when the info already listens.
    ///
    /// An info whose selector was unknown (reported when it was made), whose observer is gone, or whose sender is
    /// gone does not listen; a gone observer or sender is reported the first time it stops a start.
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func startListening(fileID: String = #fileID, line: Int = #line) {
        var kept = KeptObjects()
        report(start(byHold: false, keeping: &kept), fileID: fileID, line: line)
    }

    /// Stops listening. Does nothing when the info does not listen.
    ///
    /// Once this returns, no later post reaches the handler, nor does the rest of a post under way on the thread
    /// that stopped it (a handler that stops another info). A call that another thread had already let through may
    /// still run, even begin, after it returns.
    public func stopListening() {
        withCore { _ = $0.stop() }
    }

    /// The result of an attempt to start, reported by ``report(_:)`` outside any lock.
    enum StartOutcome: Sendable {
        case started
        case alreadyListening
        case unresolvedSelector
        case observerReleased
        case senderReleased
        /// Not listening for a reason already reported.
        case notListening
    }

    /// Starts listening without reporting: the engine collects outcomes and reports them after its lock.
    ///
    /// With `byHold`, counts one more `listen(during:)` hold in the same critical section, so that the hold count
    /// and the registration never disagree.
    ///
    /// The info's lock is held while registering with the center. That call runs no user code: Foundation's
    /// center calls observers only after releasing its own lock, and never from `addObserver`. The observer and
    /// sender loaded to check them stay in `kept`: release it only after leaving every lock (the engine starts infos
    /// under its own).
    func start(byHold: Bool, keeping kept: inout KeptObjects) -> StartOutcome {
        start(byHold: byHold, hub: nil, keeping: &kept)
    }

    /// ``start(byHold:keeping:)`` with the center's hub, when the caller has it at hand (an engine on the info's
    /// center), so that the info's first start need not look it up.
    func start(byHold: Bool, hub: NotificationHub?, keeping kept: inout KeptObjects) -> StartOutcome {
        withCore { $0.start(for: self, byHold: byHold, hub: hub, keeping: &kept) }
    }

    /// Stops listening and says whether a registration was removed.
    @discardableResult
    func stop() -> Bool {
        withCore { $0.stop() }
    }

    /// Stops listening and gives the info up if `owner` has it, in one locked section: what an engine does to
    /// an info it removes or lets go.
    func stop(givingUpFrom owner: ObjectIdentifier) {
        withCore { _ = $0.stop(givingUpFrom: owner) }
    }

    /// Reports a start that could not listen, at the call that started it (`fileID`, `line`).
    ///
    /// An unknown selector was reported when the info was made, and is not reported again.
    func report(_ outcome: StartOutcome, fileID: String, line: Int) {
        switch outcome {
        case .started, .alreadyListening, .unresolvedSelector, .notListening:
            return
        case .observerReleased:
            reportDiagnostic(
                .observerReleased,
                "Expected the observer of \(self) (made at \(self.fileID):\(self.line)) to be alive when starting, "
                    + "but it was released. Make a new info for a live observer, or keep the observer. It does not "
                    + "listen; this is reported once.",
                fileID: fileID,
                line: line,
                about: center
            )
        case .senderReleased:
            reportDiagnostic(
                .senderReleased,
                "Expected the sender that \(self) (made at \(self.fileID):\(self.line)) filters on to be alive when "
                    + "starting, but it was released; the info will not widen to any sender. Make a new info for a "
                    + "live sender. It does not listen; this is reported once.",
                fileID: fileID,
                line: line,
                about: center
            )
        }
    }

    // MARK: - Ownership by an engine

    /// Claims the info for `owner`; returns the current owner when another one has it.
    func claim(for owner: ObjectIdentifier) -> ObjectIdentifier? {
        withCore { core in
            core.withLock { state in
                if let current = state.owner, current != owner { return current }
                state.owner = owner
                state.everOwned = true
                return nil
            }
        }
    }

    /// Enters the ``RegistrationLedger`` unless it is there: an info an engine made, leaving that engine alive.
    func enterLedger() {
        let enters = withCore { core in
            core.withLock { state -> Bool in
                defer { state.inLedger = true }
                return !state.inLedger
            }
        }
        if enters { RegistrationLedger.insert(self) }
    }

    /// The engine that owns the info, if any.
    package var ownerID: ObjectIdentifier? {
        withCore { $0.withLock { $0.owner } }
    }

    /// Installs (or, with `nil`, removes) the tap that sees every handler call of this info.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        withCore { core in
            core.withLock { state in
                state.tapping = tap.map { InfoCore.Tapping(tap: $0, info: self) }
                if state.isListening, state.message == nil, let list = state.list {
                    list.setTapped(core, tap != nil)
                }
            }
        }
    }

    // MARK: - Listening around work

    /// Starts a hold for `listen(during:)`: listens if it did not, and remembers whether this hold started it.
    func beginHold() -> StartOutcome {
        var kept = KeptObjects()
        return start(byHold: true, keeping: &kept)
    }

    /// Ends a hold; the last one stops the registration it started, unless someone started the info explicitly
    /// since.
    func endHold() {
        withCore { $0.endHold() }
    }

    // MARK: - Typed messages

    /// Decides, under the lock, whether a typed message may reach the handler of the registration of `generation`.
    ///
    /// The same checks as for a notification: the registration still stands, its observer and subject live (one
    /// that can never deliver again is dropped and reported). Foundation already matched the subject by identity,
    /// and a subject that is still alive cannot share its address with another object. Answers the observer and
    /// the tap to call, or `nil` when the message must not be passed on.
    func admitMessage(generation: UInt64) -> (observer: AnyObject?, tap: DeliveryTap?)? {
        withCore { $0.admitMessage(generation: generation) }.map { ($0.observer, $0.tap?.tap) }
    }

    // MARK: - Input checks

    /// Reports a name-nil, empty-name or empty-lifespan-name info; `name` and `lifespan` are the info's, passed
    /// by its initialiser so that the common case reads nothing back.
    func reportInputProblems(name: Notification.Name?, lifespan: Lifespan) {
        if name == nil {
            reportDiagnostic(
                .everyNotification,
                "Expected a notification name, but \(self) has name nil and will receive every notification. "
                    + "Foundation crashes when a typed message is posted on a center with such an observer. "
                    + "Give the info a name unless you really need every notification.",
                fileID: fileID,
                line: line,
                about: center
            )
        } else if name?.rawValue.isEmpty == true {
            reportDiagnostic(
                .emptyName,
                "Expected a notification name, but \(self) has the empty name \"\", which is almost certainly a "
                    + "mistake. Use the name the poster uses.",
                fileID: fileID,
                line: line,
                about: center
            )
        }
        if lifespan.customName?.isEmpty == true {
            reportDiagnostic(
                .emptyName,
                "Expected a custom lifespan to have a name, but \(self) uses .custom(\"\"). Name it, such as "
                    + ".custom(\"editing\").",
                fileID: fileID,
                line: line,
                about: center
            )
        }
    }
}
