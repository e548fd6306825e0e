import Foundation

// Starting and stopping lifespans, stopping everything when the owner goes, and the rarer paths: typed messages next
// to name-nil infos, the delivery tap, and the populate phase of a ControllerBase.
extension NotificationEngine {
    // MARK: - Lifespans

    /// Starts every info of `lifespan` (also ones stopped one by one) and marks the lifespan active, so that infos
    /// added later start at once.
    public func start(_ lifespan: Lifespan, fileID: String = #fileID, line: Int = #line) {
        activate(lifespan, evenIfActive: true, name: "start(.\(lifespan))", fileID: fileID, line: line)
    }

    /// Stops every info of `lifespan` and marks the lifespan inactive.
    ///
    /// Once it returns, no later post reaches the infos it stops; a handler of a post already under way on another
    /// thread (or a scheduled main-actor call, an asynchronous message's task that had passed its check) may still
    /// run, even begin, after it returns, as with Foundation's own observers. Teardown that frees what such a
    /// handler uses awaits ``waitForStoppedHandlers()`` first.
    ///
    /// ``Lifespan/lifetime`` cannot be stopped: it lasts until the owner is released. Such a call is reported and
    /// changes nothing; use a custom lifespan for listeners that pause. During `populateNotificationInfos()` it is
    /// reported as a populate misuse, as every lifecycle call is there; on a finished engine it is silent, as every
    /// stop is there.
    public func stop(_ lifespan: Lifespan, fileID: String = #fileID, line: Int = #line) {
        guard lifespan == .lifetime else {
            return deactivate(lifespan, evenIfInactive: true, name: "stop(.\(lifespan))", fileID: fileID, line: line)
        }
        // Refused only while the engine runs: the transition reports a call during populate, and a finished engine
        // has nothing left to stop.
        transition(fileID: fileID, line: line, name: "stop(.lifetime)", starts: false) { $0.report { .lifetimeStop } }
    }

    /// Starts the ``Lifespan/visible`` infos, unless they are active already.
    public func appear(fileID: String = #fileID, line: Int = #line) {
        activate(.visible, evenIfActive: false, name: "appear()", fileID: fileID, line: line)
    }

    /// Stops the ``Lifespan/visible`` infos, unless they are inactive already.
    ///
    /// Once it returns, no later post reaches the infos it stops; a handler of a post already under way on another
    /// thread (or a scheduled main-actor call, an asynchronous message's task that had passed its check) may still
    /// run, even begin, after it returns, as with Foundation's own observers. Teardown that frees what such a
    /// handler uses awaits ``waitForStoppedHandlers()`` first.
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
        transition(fileID: fileID, line: line, name: name(), starts: true) { effects in
            let wasActive = state.active.mark(lifespan, active: true)
            guard !wasActive || evenIfActive else { return }
            for info in state.infos where info.lifespan == lifespan {
                info.listener.start(byHold: false, into: &effects)
            }
        }
    }

    /// Marks `lifespan` inactive, stops its infos and finishes its sequences; when it was inactive already, only if
    /// `evenIfInactive`.
    private func deactivate(
        _ lifespan: Lifespan,
        evenIfInactive: Bool,
        name: @autoclosure () -> String,
        fileID: String,
        line: Int
    ) {
        transition(fileID: fileID, line: line, name: name(), starts: false) { effects in
            let wasActive = state.active.mark(lifespan, active: false)
            guard wasActive || evenIfInactive else { return }
            stopInfos(of: lifespan, into: &effects)
        }
    }

    /// Stops the infos and sequences of `lifespan` under the lock; with `nil`, every one, and gives the infos up and
    /// takes their taps off, as ``stopAll(fileID:line:)`` does.
    private func stopInfos(of lifespan: Lifespan?, into effects: inout Effects) {
        for info in state.infos {
            if let lifespan, info.lifespan != lifespan { continue }
            if lifespan == nil, state.tap != nil { effects.keep(info.listener.setTappingLocked(nil)) }
            info.listener.stop(givingUp: lifespan == nil, into: &effects)
        }
        endSequences(of: lifespan, into: &effects)
    }

    /// Stops every info, gives every info up and deactivates every lifespan; what the owner's `deinit` does.
    ///
    /// The infos leave ``infos`` and no longer belong to the engine, so they can be started on their own or added to
    /// another owner; later calls on this engine (an engine can outlive its owner) never touch them again. Every
    /// lifespan-bound sequence finishes. As with every stop, a handler of a post already under way on another thread
    /// may still run after it returns; ``waitForStoppedHandlers()`` no longer sees infos given up here, so await it
    /// before, after a ``disappear(fileID:line:)`` or ``stop(_:fileID:line:)``, when teardown must wait for them.
    ///
    /// Called during `populateNotificationInfos()`, it is refused and reported
    /// (``NotificationDiagnostic/Rule/populateMisuse``): the controller is still being made.
    public func stopAll(fileID: String = #fileID, line: Int = #line) {
        stopAll(whilePopulating: false, fileID: fileID, line: line)
    }

    /// `stopAll`, refused during populate unless `whilePopulating` (the engine's `deinit`, whose owner is gone).
    func stopAll(whilePopulating: Bool, fileID: String, line: Int) {
        var effects = Effects()
        var tap: DeliveryTap?
        let given = registry.withLock { () -> [NotificationInfo]? in
            if !whilePopulating, case .populating = state.phase { return nil }
            state.phase = .finished
            state.active = ActiveLifespans(lifetime: false)
            stopInfos(of: nil, into: &effects)
            tap = state.tap
            state.tap = nil
            state.duplicateIndex = nil
            state.duplicateCounts = [:]
            state.everyNotificationInfos = 0
            // Given up, as the infos: a teardown's wait no longer sees them (see waitForStoppedHandlers()).
            state.departed = []
            defer { state.infos = InfoList() }
            return state.infos.array
        }
        guard var infos = given else {
            return Misuse.stopAllWhilePopulating.report(fileID, line, about: center)
        }
        effects.perform(on: center, fileID: fileID, line: line)
        // An info someone else still holds outlives the engine: the ledger, which found it through the engine, now
        // lists it itself. One held only here is released below, after every lock.
        let outliving = infos.indices.filter { !isKnownUniquelyReferenced(&infos[$0]) }.map { infos[$0] }
        if !outliving.isEmpty {
            let kept = registry.withLock { outliving.flatMap { registry.enterLedger($0) } }
            withExtendedLifetime(kept) {}
        }
        withExtendedLifetime((infos, tap)) {}
    }

    /// Runs a lifecycle transition under the lock, then does what it decided and reports what it could not start.
    ///
    /// The transition decides under the center's one lock, so concurrent `appear()` and `disappear()` calls end in a
    /// consistent state. `name` is built only for a report (under the lock: it describes a lifespan, no user code).
    private func transition(
        fileID: String,
        line: Int,
        name: @autoclosure () -> String,
        starts: Bool,
        _ body: (inout Effects) -> Void
    ) {
        var effects = Effects()
        registry.withLock {
            switch state.phase {
            case .running: body(&effects)
            // Stopping what a finished engine no longer holds is harmless; starting it would silently do nothing.
            case .finished: if starts { effects.report { [call = name()] in .engineFinished(call: call) } }
            case .populating: effects.report { [call = name()] in .callWhilePopulating(call: call) }
            }
        }
        effects.perform(on: center, fileID: fileID, line: line)
    }

    /// Reports a call that would start or add something on a finished engine.
    func reportFinished(_ call: @autoclosure () -> String, fileID: String, line: Int) {
        Misuse.engineFinished(call: call()).report(fileID, line, about: center)
    }

    // MARK: - Typed messages and every-notification infos

    /// Reports, after the lock, an info already here that `info` must not meet on one center: a typed-message
    /// listener for a `name: nil` info, or a `name: nil` info for a typed-message listener (Foundation crashes when a
    /// typed message is posted on a center with a `name: nil` observer; only where it does, see ``CenterCalls``).
    func reportConflict(of info: NotificationInfo, into effects: inout Effects) {
        guard CenterCalls.messagePostsCrashNameNilObservers else { return }
        var other: NotificationInfo?
        if info.listensToEveryNotification {
            other =
                state.infos.first { $0.isMessageInfo } ?? state.sequences.values.first { $0.info.isMessageInfo }?.info
        } else if info.isMessageInfo, state.everyNotificationInfos > 0 {
            other = state.infos.first { $0.listensToEveryNotification }
        }
        guard let other else { return }
        let (everyNotification, message) = info.listensToEveryNotification ? (info, other) : (other, info)
        effects.report { .messageConflict(everyNotification: "\(everyNotification)", message: "\(message)") }
    }

    // MARK: - The delivery tap

    /// Installs (or, with `nil`, removes) a tap on every info of the engine, now and added later.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        // The previous tap and its tappings are released after the lock: their closures are the testing module's.
        let previous = registry.withLock { () -> (DeliveryTap?, [Tapping]) in
            defer { state.tap = tap }
            let tappings = state.infos.compactMap { info in
                info.listener.setTappingLocked(tap.map { Tapping(tap: $0, info: info) })
            }
            return (state.tap, tappings)
        }
        withExtendedLifetime(previous) {}
    }

    // MARK: - The populate phase of a ControllerBase

    /// The center of the controller whose `populateNotificationInfos()` runs now, on this task.
    @TaskLocal static var populatingCenter: NotificationCenter?

    /// The center an info made with `center: nil` registers with: the populating controller's, else `.default`.
    static func defaultCenter(_ center: NotificationCenter?) -> NotificationCenter {
        center ?? populatingCenter ?? .default
    }

    /// Records that the base implementation of `populateNotificationInfos()` ran, for a controller of `type`; reports
    /// a call made outside the controller's `init`, or after infos were added (super not called first).
    func recordSuperCall(of type: @autoclosure () -> String) {
        let added = registry.withLock { () -> [NotificationInfo]? in
            guard case .populating = state.phase else { return nil }
            state.phase = .populating(superCalled: true)
            return state.infos.isEmpty ? [] : state.infos.array
        }
        guard let added else { return Misuse.populateOutsideInit(type: type()).report(nil, nil, about: center) }
        guard let first = added.first else { return }
        // Once per line and class, as a missing super call (ControllerBase's init).
        let typeName = type()
        Misuse.superNotFirst(type: typeName, count: added.count, first: "\(first)")
            .report(first.fileID, first.line, about: center, once: typeName)
    }

    /// Ends the populate phase, activates the lifetime lifespan and says whether super was called.
    func finishPopulating(fileID: String, line: Int) -> Bool {
        let superCalled = registry.withLock { () -> Bool in
            guard case .populating(let superCalled) = state.phase else { return true }
            state.phase = .running
            return superCalled
        }
        start(.lifetime, fileID: fileID, line: line)
        return superCalled
    }
}
