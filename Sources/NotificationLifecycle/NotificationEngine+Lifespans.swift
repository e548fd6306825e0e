import Foundation

// Starting and stopping lifespans, and stopping everything when the owner goes.
extension NotificationEngine {
    // MARK: - Lifespans

    /// Starts every info of `lifespan` (also ones stopped one by one) and marks the lifespan active, so that infos
    /// added later start at once.
    public func start(_ lifespan: Lifespan, fileID: String = #fileID, line: Int = #line) {
        activate(lifespan, evenIfActive: true, name: "start(.\(lifespan))", fileID: fileID, line: line)
    }

    /// Stops every info of `lifespan` and marks the lifespan inactive.
    ///
    /// ``Lifespan/lifetime`` cannot be stopped: it lasts until the owner is released. Such a call is reported and
    /// changes nothing; use a custom lifespan for listeners that pause.
    public func stop(_ lifespan: Lifespan, fileID: String = #fileID, line: Int = #line) {
        if lifespan == .lifetime {
            reportDiagnostic(
                .lifetimeStop,
                "Expected lifetime infos to listen until their owner is released, but stop(.lifetime) "
                    + "was called. Use a custom lifespan for listeners that pause; in a deinit, remove the call, "
                    + "as releasing the owner stops every info. Nothing was stopped.",
                fileID: fileID,
                line: line,
                about: center
            )
            return
        }
        deactivate(lifespan, evenIfInactive: true, name: "stop(.\(lifespan))", fileID: fileID, line: line)
    }

    /// Starts the ``Lifespan/visible`` infos, unless they are active already.
    public func appear(fileID: String = #fileID, line: Int = #line) {
        activate(.visible, evenIfActive: false, name: "appear()", fileID: fileID, line: line)
    }

    /// Stops the ``Lifespan/visible`` infos, unless they are inactive already.
    public func disappear(fileID: String = #fileID, line: Int = #line) {
        deactivate(.visible, evenIfInactive: false, name: "disappear()", fileID: fileID, line: line)
    }

    /// Marks `lifespan` active and starts its infos; when it was active already, only if `evenIfActive` (`start(_:)`
    /// restarts infos stopped one by one, `appear()` twice changes nothing).
    private func activate(
        _ lifespan: Lifespan,
        evenIfActive: Bool,
        name: @autoclosure () -> String,
        fileID: String,
        line: Int
    ) {
        transition(fileID: fileID, line: line, name: name(), starts: true) { state, kept in
            guard state.active.insert(lifespan) || evenIfActive else { return [] }
            return Self.startInfos(of: lifespan, in: state, keeping: &kept)
        }
    }

    /// Marks `lifespan` inactive, stops its infos and finishes its sequences (after the lock); when it was inactive
    /// already, only if `evenIfInactive`.
    private func deactivate(
        _ lifespan: Lifespan,
        evenIfInactive: Bool,
        name: @autoclosure () -> String,
        fileID: String,
        line: Int
    ) {
        var ended: [BoundSequence] = []
        transition(fileID: fileID, line: line, name: name(), starts: false) { state, _ in
            guard state.active.remove(lifespan) || evenIfInactive else { return [] }
            for info in state.infos where info.lifespan == lifespan {
                info.stop()
            }
            ended = Self.endSequences(of: lifespan, in: &state)
            return []
        }
        for sequence in ended { sequence.finish() }
    }

    /// Stops every info, gives every info up and deactivates every lifespan; what the owner's `deinit` does.
    ///
    /// The infos leave ``infos`` and no longer belong to the engine, so they can be started on their own or added to
    /// another owner; later calls on this engine (an engine can outlive its owner) never touch them again. Every
    /// lifespan-bound sequence finishes.
    public func stopAll() {
        // The infos leave the engine under its lock but are released after it: the engine may hold the last
        // reference to an info, and releasing it releases its handler, whose captures' deinits are user code that
        // may call the engine.
        var (infos, ended) = state.withLock { state -> ([NotificationInfo?], [BoundSequence]) in
            state.phase = .finished
            state.tap = nil
            state.active.removeAll()
            for info in state.infos {
                info.stop(givingUpFrom: identity)
            }
            let infos = state.infos.takeAll()
            state.keyHashes.removeAll()
            state.everyNotificationInfos = 0
            return (infos, Self.endSequences(of: nil, in: &state))
        }
        for sequence in ended { sequence.finish() }
        // An info someone else still holds outlives the engine: the ledger, which found it through the engine,
        // must now list it itself. (One held only here is released just below.)
        for index in infos.indices where !isKnownUniquelyReferenced(&infos[index]) {
            infos[index]?.enterLedger()
        }
        withExtendedLifetime(infos) {}
    }

    /// Runs a lifecycle transition under the lock and reports what it could not start after releasing it.
    ///
    /// Transitions hold the engine's lock while starting and stopping infos, so that concurrent `appear()` and
    /// `disappear()` calls end in a consistent state. Starting and stopping run no user code. `name` is built only for
    /// the report: every controller's init starts its lifetime infos through here.
    func transition(
        fileID: String,
        line: Int,
        name: @autoclosure () -> String,
        starts: Bool,
        _ body: (inout State, inout KeptObjects) -> [(NotificationInfo, NotificationInfo.StartOutcome)]
    ) {
        enum Result {
            case done([(NotificationInfo, NotificationInfo.StartOutcome)])
            case populating
            case finished
        }
        // Observers and senders loaded while starting infos, released after the lock (see KeptObjects).
        var kept = KeptObjects()
        let result = state.withLock { state -> Result in
            switch state.phase {
            case .populating: return .populating
            case .finished: return .finished
            case .running: return .done(body(&state, &kept))
            }
        }
        let outcome: [(NotificationInfo, NotificationInfo.StartOutcome)]
        switch result {
        case .done(let outcomes):
            outcome = outcomes
        case .finished:
            // Stopping what a finished engine no longer holds is harmless; starting it would silently do nothing.
            if starts { reportFinished(name(), fileID: fileID, line: line) }
            return
        case .populating:
            reportDiagnostic(
                .populateMisuse,
                "Expected \(name()) after the controller is initialised, but it was called during "
                    + "populateNotificationInfos(). Only declare infos there; the lifetime ones start at the end of "
                    + "init. Nothing was changed.",
                fileID: fileID,
                line: line,
                about: center
            )
            return
        }
        for (info, result) in outcome {
            info.report(result, fileID: fileID, line: line)
        }
    }

    /// Reports a call that would start or add something on a finished engine.
    func reportFinished(_ call: @autoclosure () -> String, fileID: String, line: Int) {
        reportDiagnostic(
            .engineFinished,
            "Expected \(call()) on an engine that still runs, but its owner was released or stopAll() was called, "
                + "and it holds nothing any more. Make a new engine (or controller). If this runs in a deinit, "
                + "remove the call: releasing the owner already stopped every info.",
            fileID: fileID,
            line: line,
            about: center
        )
    }

    static func startInfos(
        of lifespan: Lifespan,
        in state: State,
        keeping kept: inout KeptObjects
    ) -> [(NotificationInfo, NotificationInfo.StartOutcome)] {
        var outcomes: [(NotificationInfo, NotificationInfo.StartOutcome)] = []
        for info in state.infos where info.lifespan == lifespan {
            let outcome = info.start(byHold: false, hub: state.hub(for: info), keeping: &kept)
            switch outcome {
            case .started, .alreadyListening: continue
            default: outcomes.append((info, outcome))
            }
        }
        return outcomes
    }
}
