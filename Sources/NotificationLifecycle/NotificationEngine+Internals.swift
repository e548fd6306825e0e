import Foundation

// The engine's rarer paths: typed messages next to name-nil infos, lifespan-bound sequences, and the populate
// phase of a ControllerBase.
extension NotificationEngine {
    // MARK: - Typed messages and every-notification infos

    /// An info already here that `info` must not meet on one center: a typed-message listener for a `name: nil`
    /// info, or a `name: nil` info for a typed-message listener (Foundation crashes when a typed message is posted
    /// on a center with a `name: nil` observer). Costs nothing unless one of the two kinds is involved.
    static func messageConflict(with info: NotificationInfo, in state: State) -> NotificationInfo? {
        if info.listensToEveryNotification {
            return state.infos.first { $0.isMessageInfo && $0.center === info.center }
                ?? state.sequences.values.first { $0.info.isMessageInfo && $0.info.center === info.center }?.info
        }
        if info.isMessageInfo, state.everyNotificationInfos > 0 {
            return state.infos.first { $0.listensToEveryNotification && $0.center === info.center }
        }
        return nil
    }

    func reportMessageConflict(
        _ info: NotificationInfo,
        _ other: NotificationInfo,
        fileID: String,
        line: Int
    ) {
        let (everyNotification, message) = info.listensToEveryNotification ? (info, other) : (other, info)
        reportDiagnostic(
            .everyNotification,
            "Expected no name-nil info on a center where typed messages are listened to, but \(everyNotification) "
                + "and \(message) share one center. On Linux, Foundation crashes when a typed message is posted on "
                + "a center that has a name-nil observer. Give the info a name, or register it with another center.",
            fileID: fileID,
            line: line,
            about: center
        )
    }

    // MARK: - Lifespan-bound sequences

    /// Starts the info that feeds a sequence and keeps it until `lifespan` stops or the engine goes away.
    ///
    /// - Returns: The sequence's id, or `nil` when `lifespan` is not active: then nothing was started, and the
    ///   caller finishes the sequence at once.
    func bindSequence(
        _ info: NotificationInfo,
        during lifespan: Lifespan,
        fileID: String,
        line: Int,
        finish: @escaping @Sendable () -> Void
    ) -> UInt64? {
        enum Result {
            case inactive
            case finished
            case bound(UInt64, NotificationInfo.StartOutcome, conflict: NotificationInfo?)
        }
        // Observers and senders loaded under the lock, released after it (see KeptObjects).
        var kept = KeptObjects()
        let result = state.withLock { state -> Result in
            if case .finished = state.phase { return .finished }
            guard state.active.contains(lifespan) else { return .inactive }
            let conflict = Self.messageConflict(with: info, in: state)
            state.lastSequenceID &+= 1
            let id = state.lastSequenceID
            state.sequences[id] = BoundSequence(lifespan: lifespan, info: info, finish: finish)
            return .bound(id, info.start(byHold: false, hub: state.hub(for: info), keeping: &kept), conflict: conflict)
        }
        kept = KeptObjects()
        switch result {
        case .inactive:
            return nil
        case .finished:
            reportFinished("a sequence of \(info)", fileID: fileID, line: line)
            return nil
        case .bound(let id, let outcome, let conflict):
            if let conflict { reportMessageConflict(info, conflict, fileID: fileID, line: line) }
            info.report(outcome, fileID: fileID, line: line)
            return id
        }
    }

    /// Stops and forgets the sequence `id`, if the engine still holds it (its consumer stopped iterating).
    func unbindSequence(_ id: UInt64) {
        // Released after the lock, like the infos in `stopAll()`.
        let unbound = state.withLock { state -> BoundSequence? in
            let sequence = state.sequences.removeValue(forKey: id)
            sequence?.info.stop()
            return sequence
        }
        withExtendedLifetime(unbound) {}
    }

    /// Stops and removes the sequences of `lifespan` (of every lifespan for `nil`); the caller finishes them after
    /// releasing the lock.
    static func endSequences(of lifespan: Lifespan?, in state: inout State) -> [BoundSequence] {
        guard !state.sequences.isEmpty else { return [] }
        var ended: [BoundSequence] = []
        for (id, sequence) in state.sequences where lifespan == nil || sequence.lifespan == lifespan {
            sequence.info.stop()
            ended.append(sequence)
            state.sequences[id] = nil
        }
        return ended
    }

    /// Installs (or, with `nil`, removes) a tap on every info of the engine, now and added later.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        state.withLock { state in
            state.tap = tap
            for info in state.infos { info.setDeliveryTap(tap) }
        }
    }

    // MARK: - The populate phase of a ControllerBase

    /// What `ControllerBase.populateNotificationInfos()` found when it was reached.
    enum SuperCall {
        case first
        case afterInfos([NotificationInfo])
        case outsideInit
    }

    /// Records that the base implementation of `populateNotificationInfos()` ran.
    func recordSuperCall() -> SuperCall {
        state.withLock { state in
            guard case .populating = state.phase else { return .outsideInit }
            state.phase = .populating(superCalled: true)
            return state.infos.isEmpty ? .first : .afterInfos(state.infos.array)
        }
    }

    /// Ends the populate phase, activates the lifetime lifespan and says whether super was called.
    func finishPopulating(fileID: String, line: Int) -> Bool {
        let superCalled = state.withLock { state -> Bool in
            defer { state.phase = .running }
            if case .populating(let superCalled) = state.phase { return superCalled }
            return true
        }
        start(.lifetime, fileID: fileID, line: line)
        return superCalled
    }
}
