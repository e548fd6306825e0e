package import Foundation

/// Everything the package keeps for one center, under one lock: the center's shared registrations, and the state of
/// every listener and engine of that center.
///
/// One lock per center, as Foundation's center has: a post, a start, a stop and an engine's transition each take it
/// for a short section that decides what to do, and do what involves Foundation or user code after releasing it.
/// No other package lock is ever held with it.
///
/// ## Idle registrations
/// A registration whose last listener stops is removed at once when it has a queue (Foundation would make every post of
/// the name wait for that queue), no name (it would receive every notification) or is an asynchronous message's (one
/// start's alone, see ``SharedRegistration/Key/alone``). Otherwise it stays registered, idle, so that starting again
/// calls no Foundation: while the center keeps fewer idle registrations than the most it ever had in use at once, and
/// fewer than ``idleLimit`` when that is more. Beyond that, the registration that became idle is removed: a program
/// that listens to 100,000 names one after the other ends with ``idleLimit``. Idle registrations live as long as the
/// registry, and the registry as long as its center (see "Ownership"): a controller made after the last one was
/// released finds its names registered.
///
/// ## Ownership
/// Listeners and engines hold the registry (and their center); the registry holds its registrations; a registration
/// holds Foundation's token, and Foundation's block holds its registration (a weak reference there cost a post about
/// 235 instructions: Benchmarks/README.md, "Issue 30"); an asynchronous message's block holds its listener instead,
/// weakly (strongly for a sequence that keeps what was posted), and the listener its registration until it stops. On
/// Apple platforms the token is the observer the center keeps and it holds the block, so registration → token → block →
/// registration is a cycle there (on Linux the center holds the block and the token holds nothing); it ends when the
/// registration is dropped, which releases the token, and the registry's `deinit` drops every registration it still
/// has. A registration holds only its registry's lock (whose state holds the registrations until that `deinit`), so
/// the registry never keeps its center alive. The center keeps the registry: a block registered once per registry, for
/// a name never posted, holds the registry's ``Anchor``, and its token is kept by nobody, so under both semantics only
/// the center holds that block. The registry goes with its center (engines and listeners hold the center too), so its
/// `deinit` never finds its center alive. The table finds a registry through its anchor, held weakly. On Linux a
/// center releases its blocks as it goes, before its memory can be reused (swift-foundation's registrar is the only
/// holder of a block), so a new center at a dead center's address never gets the dead center's registry; on Apple
/// platforms the observer the center keeps may be released later (autoreleased), so there an anchor also holds its
/// center weakly and is compared with it, as an Objective-C object's weak reference takes no Swift side table. The
/// core module holds neither the registry nor a center weakly elsewhere: a weak reference gives its object a side
/// table, through which every retain and release of it then goes, several times dearer, and listeners retain both
/// (Benchmarks/README.md, "Issue 35: a second controller's time").
/// ``CenterCalls`` can give Linux Apple's tokens, to test this here.
final class CenterRegistry: Sendable {
    /// The registry's lock, with the registry's own state inside; it also guards the state of every listener,
    /// registration and engine that names this registry.
    let lock = CenterLock(State())

    /// What the registry itself keeps, touched only under its lock.
    struct State {
        /// The registrations in use or idle.
        fileprivate var registrations: [SharedRegistration.Key: SharedRegistration] = [:]
        /// The shared registrations in use, whose peak sets how many idle ones are kept; an asynchronous message's own
        /// registrations (``SharedRegistration/Key/alone``), which never stay idle, are not counted.
        fileprivate var inUse = 0
        fileprivate var idle = 0
        fileprivate var peakInUse = 0
        fileprivate var lastGeneration: UInt64 = 0
        /// The infos not in a live engine that the testing module's inspection lists (see ``RegistrationLedger``):
        /// those made alone, removed from their engine, or outliving it.
        fileprivate var ledger: [WeakObject] = []
        fileprivate var sweepAt = 64
        /// The states of the engines of this center, whose infos the inspection lists: the states, not the engines,
        /// as a weak reference gives its object a side table, through which every retain and release of it then
        /// goes, several times dearer (Benchmarks/README.md, "Issue 35: a second controller's time"). A finished
        /// engine's state (``NotificationEngine/stopAll(fileID:line:)`` ran: an engine's `deinit` always runs it)
        /// holds nothing more, and is dropped when a new engine of this center finds the list doubled.
        fileprivate var engines: [Guarded<NotificationEngine.State>] = []
        fileprivate var engineSweepAt = 64

        // Always inlined, as the closures that call them are not: each of those closures is one call, and a closure
        // per field reached would cost a start and a stop more than their bars allow.

        /// The registration of `key`, made if there is none (or only a dropped one).
        @inline(__always)
        fileprivate mutating func registration(
            for key: SharedRegistration.Key,
            of registry: CenterRegistry
        ) -> SharedRegistration {
            // Room for a screen's names at once: a first controller on a new center grew the table five times.
            if registrations.capacity == 0 { registrations.reserveCapacity(16) }
            // In place: the key is hashed once, where a lookup and then a store hashed it twice for a new name (a name
            // already registered pays the in-place access instead, about 30 instructions more than a lookup).
            return Self.found(in: &registrations[key]) { SharedRegistration(key: key, registry: registry) }
        }

        /// The registration in `slot` unless it is missing or dropped; else a new one, stored there.
        @inline(__always)
        private static func found(
            in slot: inout SharedRegistration?,
            else make: () -> SharedRegistration
        ) -> SharedRegistration {
            if let found = slot, !found.isDropped { return found }
            let made = make()
            slot = made
            return made
        }

        /// Counts `registration`, which had no listener, as in use.
        @inline(__always)
        fileprivate mutating func startUsing(_ registration: SharedRegistration) {
            if registration.state.isIdle {
                registration.state.isIdle = false
                idle -= 1
            }
            if registration.key.alone == 0 {
                inUse += 1
                peakInUse = max(peakInUse, inUse)
            }
        }

        /// Counts `registration`, which has no listener left, as idle (answers `false`), or removes it from the table
        /// (answers `true`: the caller drops it).
        @inline(__always)
        fileprivate mutating func stopUsing(_ registration: SharedRegistration) -> Bool {
            if registration.key.alone == 0 { inUse -= 1 }
            if registration.key.staysIdle, idle < max(CenterRegistry.idleLimit, peakInUse) {
                registration.state.isIdle = true
                idle += 1
                return false
            }
            if registrations[registration.key] === registration {
                registrations[registration.key] = nil
            }
            return true
        }
    }

    fileprivate struct WeakObject {
        weak var object: AnyObject?
    }

    /// Runs `body` under the registry's lock.
    ///
    /// Through the registry, not `registry.lock.withLock`: reached from an engine or a listener in one expression, the
    /// lock's storage was retained and released around every section (Benchmarks/README.md, "Issue 35: the atomic
    /// operations of making and starting a listener").
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// The most idle registrations a center keeps when it never had more in use at once.
    static let idleLimit = 64

    private init() {}

    /// Drops the registrations left (idle ones: a registration in use has a listener, which holds the registry),
    /// which ends their cycle through Apple's tokens (see "Ownership"). Their center is gone (it kept the registry).
    ///
    /// The tokens are taken in one section and released after it (Foundation's observers, which hold their blocks on
    /// Apple platforms); the array is made at its size (Benchmarks/README.md, "Issue 30", has what growing it cost).
    ///
    /// The registrations are moved out of the lock's state, not copied: each holds the lock, which holds the state,
    /// so left there they and the lock would keep each other alive.
    deinit {
        var registrations: [SharedRegistration.Key: SharedRegistration] = [:]
        var tokens: [CenterToken] = []
        // In debug builds each engine's state holds this lock (to check that it is held): moved out, as the
        // registrations are, so that they do not keep each other alive.
        var engines: [Guarded<NotificationEngine.State>] = []
        lock.withLock { state in
            swap(&registrations, &state.registrations)
            swap(&engines, &state.engines)
            tokens.reserveCapacity(registrations.count)
            for registration in registrations.values {
                registration.state.phase = .dropped
                if let token = registration.state.token.take() { tokens.append(token) }
            }
        }
        withExtendedLifetime((tokens, engines)) {}
    }

    // MARK: - One registry per center

    /// What a center keeps of its registry, through a block: it lives as long as that block, which only the center
    /// holds (see "Ownership"), and takes its entry out of the table as it goes.
    private final class Anchor: Sendable {
        let registry = CenterRegistry()
        let center: ObjectIdentifier
        #if canImport(Darwin)
        /// Apple's center may release the observer that holds this anchor after the center's memory is free (see
        /// "Ownership").
        weak let live: NotificationCenter?
        #endif

        init(center: NotificationCenter) {
            self.center = ObjectIdentifier(center)
            #if canImport(Darwin)
            live = center
            #endif
        }

        /// Whether this is `center`'s anchor, not one of a dead center at its address.
        func isAnchor(of center: NotificationCenter) -> Bool {
            #if canImport(Darwin)
            return live === center
            #else
            return true
            #endif
        }

        /// The entry of this center is this anchor's, unless a new center at its address has made its own: that
        /// one's anchor, loaded here, is released after the lock, as its release could be its last (its `deinit`
        /// takes this lock).
        deinit {
            let other = registries.withLock { table -> Anchor? in
                guard let entry = table[center] else { return nil }
                if let other = entry.anchor { return other }
                table[center] = nil
                return nil
            }
            withExtendedLifetime(other) {}
        }
    }

    private struct WeakAnchor {
        weak var anchor: Anchor?
    }

    /// The anchors of the centers that have a registry, by center.
    private static let registries = LockedValueBox([ObjectIdentifier: WeakAnchor]())

    /// The center's registry, made on first use.
    ///
    /// A registry is found through its center's anchor, which is gone once its center is (see "Ownership"), so it is
    /// never one of a dead center whose address was reused.
    static func registry(for center: NotificationCenter) -> CenterRegistry {
        let id = ObjectIdentifier(center)
        // A dead center's anchor found on Apple platforms (see "Ownership") is released after the lock: its `deinit`
        // takes the lock.
        var stale: Anchor?
        var made = false
        // The anchor found is the live center's, which holds it: releasing it here is never its last release.
        let anchor = registries.withLock { table -> Anchor in
            if let found = table[id]?.anchor {
                if found.isAnchor(of: center) { return found }
                stale = found
            }
            let anchor = Anchor(center: center)
            table[id] = WeakAnchor(anchor: anchor)
            made = true
            return anchor
        }
        withExtendedLifetime(stale) {}
        if made {
            // Made here: the center keeps it, through a block whose token nobody keeps (see "Ownership"). The block
            // is registered with `addObserver(forName:object:queue:using:)`, whose token holds nothing on Linux and
            // is kept by the center on Apple platforms: a typed message's token removes its registration when it
            // goes, and would drop the anchor at once.
            _ = CenterCalls.addObserver(to: center, forName: anchorName, object: nil, queue: nil) { _ in
                withExtendedLifetime(anchor) {}
            }
        }
        return anchor.registry
    }

    /// The name of the block through which a center keeps its registry; never posted.
    private static let anchorName = Notification.Name("NotificationLifecycle.CenterRegistry.anchor")

    /// The center's registry if it has one, without making one.
    static func existing(for center: NotificationCenter) -> CenterRegistry? {
        let anchor = registries.withLock { $0[ObjectIdentifier(center)]?.anchor }
        guard let anchor, anchor.isAnchor(of: center) else { return nil }
        return anchor.registry
    }

    /// How many Foundation registrations the center holds through this registry, and how many are idle. For tests.
    var registrationCounts: (total: Int, idle: Int) {
        lock.withLock { state in (state.registrations.count, state.idle) }
    }

    // MARK: - Linking listeners (under the lock)

    /// Links `listener` at the end of its key's registration, for the next generation (every start of every listener
    /// of this center has its own, counted up); a registration still being made leaves a Foundation registration to
    /// make to `effects`.
    func link(_ listener: Listener, sender: AnyObject?, into effects: inout Effects) {
        let generation = lock.withLockHeld { state in
            state.lastGeneration += 1
            return state.lastGeneration
        }
        listener.state.generation = generation
        if let cached = listener.state.lastRegistration, !cached.isDropped {
            return enter(listener, generation, into: cached, sender: sender, effects: &effects)
        }
        let key = listener.registrationKey(sender: sender)
        let registration = lock.withLockHeld { $0.registration(for: key, of: self) }
        // The one it last listened through, dropped since (a found or made registration is not dropped).
        if let previous = listener.state.lastRegistration { listener.leave(previous) }
        enter(listener, generation, into: registration, sender: sender, effects: &effects)
        // Last: the reference the lookup answered moves into the listener (stored before the entry, it was copied).
        listener.state.lastRegistration = registration
    }

    /// Appends `listener`'s entry of `generation` to `registration`, which the caller holds.
    private func enter(
        _ listener: Listener,
        _ generation: UInt64,
        into registration: SharedRegistration,
        sender: AnyObject?,
        effects: inout Effects
    ) {
        if registration.listenerCount == 0 { lock.withLockHeld { $0.startUsing(registration) } }
        registration.state.entries.append(SharedRegistration.Entry(generation: generation, listener: listener))
        if listener.state.tapping != nil { registration.state.tappedListeners += 1 }
        if case .registering = registration.state.phase {
            registration.state.attempts += 1
            // Room for a controller's names at once: a first controller on a new center grew the list four times.
            if effects.list.capacity == 0 { effects.list.reserveCapacity(16) }
            effects.list.append(.register(registration, listener, sender: sender, attempt: registration.state.attempts))
        }
    }

    /// Unlinks the entry of `generation`; an emptied registration stays idle or is dropped (see "Idle
    /// registrations"), leaving its Foundation registration to remove to `effects`.
    func unlink(_ registration: SharedRegistration, generation: UInt64, into effects: inout Effects) {
        guard let index = registration.index(of: generation) else { return }
        // Not the last reference: the caller holds the listener.
        let listener = registration.state.entries[index].listener.take()
        if listener?.state.tapping != nil { registration.state.tappedListeners -= 1 }
        registration.state.clearedEntries += 1
        if registration.listenerCount == 0 {
            // An idle registration keeps its entries' room for its next listener; a dropped one frees it.
            registration.state.entries.removeAll(keepingCapacity: registration.key.staysIdle)
            registration.state.clearedEntries = 0
            if lock.withLockHeld({ $0.stopUsing(registration) }) {
                if let token = registration.state.token.take() { effects.list.append(.remove(token)) }
                registration.state.phase = .dropped
            }
        } else if registration.state.clearedEntries > 16,
            registration.state.clearedEntries * 2 > registration.state.entries.count
        {
            registration.state.entries.removeAll { $0.listener == nil }
            registration.state.clearedEntries = 0
        }
    }

    // MARK: - Inspection

    /// Lists `info` for the testing module's inspection: an info made alone, or one that left its engine alive.
    /// Answers the live infos a sweep loaded, for the caller to release after the lock.
    ///
    /// The entries of released objects are dropped in bulk, when the list has doubled since the last sweep. Each live
    /// entry is loaded as a strong reference, which the caller releases after the lock: another thread may release
    /// that object meanwhile, and its `deinit` must not run under the lock.
    func enterLedger(_ info: NotificationInfo) -> [AnyObject] {
        lock.withLockHeld { state in
            state.ledger.append(WeakObject(object: info))
            guard state.ledger.count >= state.sweepAt else { return [] }
            var kept: [AnyObject] = []
            state.ledger.removeAll { entry in
                guard let object = entry.object else { return true }
                kept.append(object)
                return false
            }
            state.sweepAt = max(64, 2 * kept.count)
            return kept
        }
    }

    /// Lists the state of an engine of this center for the testing module's inspection, and drops the finished ones
    /// in bulk, when the list has doubled since the last sweep.
    func enterLedger(engine: Guarded<NotificationEngine.State>) {
        lock.withLockHeld { state in
            state.engines.append(engine)
            guard state.engines.count >= state.engineSweepAt else { return }
            state.engines.removeAll { engine in
                guard case .finished = engine.state.phase else { return false }
                return true
            }
            state.engineSweepAt = max(64, 2 * state.engines.count)
        }
    }

    /// The live infos of this center: those listed themselves and those of every engine not finished.
    ///
    /// The objects loaded under the lock are released after it: another thread may release one meanwhile, and a
    /// `deinit` of an info or an engine takes this lock.
    func liveInfos() -> [NotificationInfo] {
        let (infos, live) = lock.withLock { state -> ([NotificationInfo], [AnyObject]) in
            let live = state.ledger.compactMap(\.object)
            var seen = Set<ObjectIdentifier>()
            var infos: [NotificationInfo] = []
            for info in live.compactMap({ $0 as? NotificationInfo })
                + state.engines.flatMap(\.state.infos.array)
            where seen.insert(ObjectIdentifier(info)).inserted {
                infos.append(info)
            }
            return (infos, live)
        }
        withExtendedLifetime(live) {}
        return infos
    }
}

/// The lock of a center's registry, with the registry's own state.
typealias CenterLock = Locked<CenterRegistry.State>

/// What a section under a registry's lock decided, done by ``perform(on:fileID:line:)`` after it: a start, a stop and
/// every operation of an engine decide under the lock and act after it, so that Foundation and user code never run
/// under the lock.
struct Effects {
    enum Effect {
        /// A Foundation registration to make, for a start that linked `listener` into a registration being made.
        case register(SharedRegistration, Listener, sender: AnyObject?, attempt: UInt32)
        /// A Foundation registration to remove.
        case remove(CenterToken)
        case finish(BoundSequence)
        /// A listener whose observer (`true`) or sender is gone, reported at the call (or, for none, where the
        /// listener was made).
        case released(Listener, observer: Bool)
        /// A misuse to report at the call, made after the lock (its text describes infos, which takes the lock).
        case report(() -> Misuse)
    }

    var list: [Effect] = []
    /// Objects loaded under the lock, released after it: a `deinit` may be user code.
    var kept: [AnyObject] = []

    /// Keeps `object` until after the lock; once, when the infos of an owner keep it one after the other. Takes the
    /// caller's reference, and compares with the last one kept in place: a copy of either was a retain and a release.
    mutating func keep(_ object: consuming AnyObject?) {
        guard let object else { return }
        if kept.isEmpty || kept[kept.count - 1] !== object { kept.append(object) }
    }

    mutating func report(_ misuse: @escaping () -> Misuse) {
        list.append(.report(misuse))
    }

    /// Does what the section decided, after it: makes and removes Foundation registrations and finishes sequences,
    /// then reports at the call `fileID`:`line` what could not start or must not meet. The objects kept are released
    /// when the caller lets the effects go.
    func perform(on center: NotificationCenter, fileID: String? = nil, line: Int? = nil) {
        var reports = false
        // By index: a `for in` copied each effect, a retain and a release of each object in it (Benchmarks/README.md,
        // "Issue 35: the engine's effects").
        for index in list.indices {
            switch list[index] {
            case .register(let registration, let listener, let sender, let attempt):
                registration.register(for: listener, sender: sender, attempt: attempt)
            case .remove(let token): token.remove(from: center)
            case .finish(let sequence): sequence.finish()
            case .released, .report: reports = true
            }
        }
        guard reports else { return }
        for index in list.indices {
            switch list[index] {
            case .released(let listener, let observer):
                let made = (listener.declaration.fileID, Int(listener.declaration.line))
                Misuse.released(
                    observer: observer,
                    info: listener.described(),
                    made: fileID.map { _ in "\(made.0):\(made.1)" }
                )
                .report(fileID ?? made.0, fileID == nil ? made.1 : line, about: center)
            case .report(let misuse):
                misuse().report(fileID, line, about: center)
            case .register, .remove, .finish:
                continue
            }
        }
    }
}

/// The view the testing module uses to ask what the package still holds on a center.
package enum RegistrationLedger {
    /// The live infos made for `center`, in no particular order.
    package static func infos(on center: NotificationCenter) -> [NotificationInfo] {
        CenterRegistry.existing(for: center)?.liveInfos() ?? []
    }

    /// The infos that hold a registration on `center` now.
    package static func listeningInfos(on center: NotificationCenter) -> [NotificationInfo] {
        infos(on: center).filter(\.isListening)
    }
}
