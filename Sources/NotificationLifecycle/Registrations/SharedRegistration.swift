import Foundation

/// One Foundation registration that the listeners of one name (or one main-actor message type and subject) on one
/// center share: its block calls them in the order in which they started listening, on every platform. An
/// asynchronous message's listener has one alone, for one start (see ``Key/alone``), whose block Foundation runs in a
/// task of its own and which calls the listener itself (`MessageHandler.async`).
///
/// ## Entries
/// `state.entries` is sorted by generation: a listener is appended under the registry's lock in the same section that
/// counts up the registry's generation. A stopped listener's entry is cleared in place (found by binary search) and
/// the cleared entries are compacted away in bulk, so that starting and stopping stay O(log n) with thousands of
/// listeners of one name.
///
/// ## Threads
/// Every mutable field is touched only under the registry's lock. A post takes that lock once for its snapshot, and
/// once more for each listener after the first, which a handler that ran before it may have stopped.
final class SharedRegistration: Sendable {
    /// What one Foundation registration is shared by.
    ///
    /// With a queue, Foundation makes the poster wait for an operation on that queue for each post it matches, so such
    /// a registration also filters on the sender, as the info's own would. A message registration always filters on its
    /// subject: Foundation does not tell a message observer the subject.
    struct Key: Hashable {
        let name: Notification.Name?
        /// The name's hash, which the listener's declaration computed once (see ``Declaration``).
        let nameHash: Int
        let queue: ObjectIdentifier?
        let sender: ObjectIdentifier?
        /// The message type, or `nil` for a notification name.
        let message: ObjectIdentifier?
        /// The generation of the one start an asynchronous message's registration is for, or 0 for one that listeners
        /// share: Foundation runs each asynchronous observer in a task of its own, and a shared registration would run
        /// the handlers one after the other.
        let alone: UInt64

        /// The name's hash, and the identities mixed into one word only when there are some (most keys have none):
        /// combined one by one, each `nil` identity cost a byte's combine, the hasher's slowest path.
        func hash(into hasher: inout Hasher) {
            func bits(_ id: ObjectIdentifier?) -> UInt { id.map { UInt(bitPattern: $0) } ?? 0 }
            hasher.combine(nameHash)
            let identities =
                bits(queue) ^ (bits(sender) &* 31) ^ (bits(message) &* 961) ^ UInt(truncatingIfNeeded: alone)
            if identities != 0 { hasher.combine(identities) }
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.queue == rhs.queue && lhs.sender == rhs.sender && lhs.message == rhs.message && lhs.alone == rhs.alone
                && lhs.name == rhs.name
        }

        /// Whether an emptied registration may stay registered, idle (see ``CenterRegistry``'s "Idle registrations");
        /// never one start's alone.
        var staysIdle: Bool { name != nil && queue == nil && alone == 0 }
    }

    /// A listener linked for the registration of `generation`; `listener` is `nil` once it is unlinked. The
    /// listener's tap, if any, is read from the listener when the registry has tapped listeners.
    struct Entry {
        let generation: UInt64
        var listener: Listener?
    }

    /// Without the token, which ``State/token`` holds: a start reads the phase, and a copy of a token would retain
    /// and release its objects (Benchmarks/README.md, "Where a second controller's time goes").
    enum Phase {
        /// Being made with Foundation: each start that links into it now makes a Foundation registration of its own
        /// (see ``register(for:sender:attempt:)``), and none waits for another thread.
        case registering
        case registered
        /// Removed from its registry; a later start makes a new one.
        case dropped
    }

    /// Everything that changes, touched only under the registry's lock.
    struct State {
        var entries: [Entry] = []
        var clearedEntries = 0
        var phase = Phase.registering
        /// Foundation's registration, kept while ``phase`` is ``Phase/registered``.
        var token: CenterToken?
        var isIdle = false
        /// How many listeners linked now have a tap (the testing module's): while there are none, a post reads none.
        var tappedListeners = 0
        /// The posts whose snapshot was taken and whose handlers have not all returned, for a teardown's wait.
        var posts = CallsUnderWay<CheckedContinuation<Void, Never>>()
        /// The Foundation registrations started for this one, counted (see ``register(for:sender:attempt:)``), and
        /// the one kept, whose block alone calls the listeners (0 until one is kept).
        var attempts: UInt32 = 0
        var kept: UInt32 = 0
    }

    let key: Key
    /// The registry's lock, and nothing else of the registry: the registry holds its registrations (see
    /// ``CenterRegistry``'s "Ownership").
    let lock: CenterLock
    private let guarded: Guarded<State>
    /// Only under ``lock`` (debug builds check it).
    var state: State {
        @inline(__always) _read { yield guarded.state }
        @inline(__always) _modify { yield &guarded.state }
    }

    init(key: Key, registry: CenterRegistry) {
        self.key = key
        lock = registry.lock
        guarded = Guarded(State(), guardedBy: registry.lock)
    }

    var listenerCount: Int { state.entries.count - state.clearedEntries }

    var isDropped: Bool {
        if case .dropped = state.phase { return true }
        return false
    }

    /// The index of the entry of `generation`, if it is there.
    func index(of generation: UInt64) -> Int? {
        var low = 0
        var high = state.entries.count
        while low < high {
            let middle = (low + high) / 2
            if state.entries[middle].generation < generation { low = middle + 1 } else { high = middle }
        }
        return low < state.entries.count && state.entries[low].generation == generation ? low : nil
    }

    // MARK: - Delivery

    /// Foundation's block: calls the listeners that listened when the post began and still listen when their turn
    /// comes.
    ///
    /// `lock` is the registry's, which the block captures with the registration: the first memory a posting thread
    /// touches is the lock, so that ThreadSanitizer sees this registration's fields ordered after the thread that made
    /// it.
    ///
    /// The main-actor message form below repeats this loop: one loop shared through a closure made every post
    /// dearer, a main-actor message's most (Benchmarks/README.md, "Issue 35: one registration mechanism"); so did one
    /// always-inlined loop that takes the call as a closure (15 instructions a post to one listener, 129 to twenty).
    func deliver(_ notification: Notification, under lock: CenterLock, attempt: UInt32) {
        // The post's id is set in the section, not returned with the snapshot: a tuple here costs its type's
        // metadata in the generic main-actor form. A block that is not the kept one calls no one (see `register`).
        var post: UInt64 = 0
        var tapped = false
        let snapshot = lock.withLock { () -> [Entry] in
            guard state.kept == attempt else { return [] }
            post = state.posts.begin()
            tapped = state.tappedListeners > 0
            return state.entries
        }
        guard post != 0 else { return }
        defer { endPost(post, under: lock) }
        // The first listener was linked when the snapshot was taken and no handler has run since.
        var checked = false
        // Whether this post runs on the main queue, looked up by the first main-actor listener only.
        var onMainQueue: Bool?
        for entry in snapshot {
            guard let listener = entry.listener else { continue }
            var tapping: Tapping?
            if tapped {
                guard let current = Self.tapping(of: listener, entry.generation, under: lock) else { continue }
                tapping = current
            } else if checked, !lock.withLock({ listener.state.isCurrent(entry.generation) }) {
                continue
            }
            checked = true
            listener.deliver(notification, generation: entry.generation, tapping: tapping, onMainQueue: &onMainQueue)
        }
    }

    /// A main-actor message registration's block: as ``deliver(_:under:attempt:)``, for each listener's typed handler.
    @MainActor
    func deliver<Message>(message: Message, under lock: CenterLock, attempt: UInt32) {
        var post: UInt64 = 0
        var tapped = false
        let snapshot = lock.withLock { () -> [Entry] in
            guard state.kept == attempt else { return [] }
            post = state.posts.begin()
            tapped = state.tappedListeners > 0
            return state.entries
        }
        guard post != 0 else { return }
        defer { endPost(post, under: lock) }
        var checked = false
        for entry in snapshot {
            guard let listener = entry.listener else { continue }
            var tapping: Tapping?
            if tapped {
                guard let current = Self.tapping(of: listener, entry.generation, under: lock) else { continue }
                tapping = current
            } else if checked, !lock.withLock({ listener.state.isCurrent(entry.generation) }) {
                continue
            }
            checked = true
            listener.deliver(message: message, generation: entry.generation, tapping: tapping)
        }
    }

    /// While a registry has tapped listeners, a post checks each listener (the first too) and reads its tap in one
    /// section: `nil` when the listener stopped, else its tap (`.some(nil)` for none).
    @inline(never)
    private static func tapping(of listener: Listener, _ generation: UInt64, under lock: CenterLock) -> Tapping?? {
        lock.withLock { listener.state.isCurrent(generation) ? .some(listener.state.tapping) : nil }
    }

    /// Takes back post `post`, and resumes the teardown waits it was the last for.
    private func endPost(_ post: UInt64, under lock: CenterLock) {
        guard lock.withLock({ state.posts.end(post) }) else { return }
        resumeSettledWaiters(under: lock)
    }

    /// Apart from ``endPost(_:under:)``, whose every call would otherwise look up the continuations' type metadata
    /// (Benchmarks/README.md, "Issue 30").
    @inline(never)
    private func resumeSettledWaiters(under lock: CenterLock) {
        for waiter in lock.withLock({ state.posts.settledWaiters() }) { waiter.resume() }
    }

    // MARK: - Registering with Foundation

    /// Makes a Foundation registration for this one, after the registry's lock, for a start that linked `listener`
    /// while it was being made; `attempt` numbers it.
    ///
    /// The first start makes one, and so does every start that links into this registration before one is kept,
    /// rather than wait for another thread (the main actor's `appear()` would wait for a thread of lower priority).
    /// The first one made is kept, and each start returns once one is kept; a later one is removed at once, and until
    /// then its block calls no one (``deliver(_:under:attempt:)`` checks `attempt`), so a post reaches each listener
    /// once.
    func register(for listener: Listener, sender: AnyObject?, attempt: UInt32) {
        var token: CenterToken? =
            listener.message?.register(listener, sender, self, attempt)
            ?? CenterCalls.addObserver(
                to: listener.center,
                forName: key.name,
                object: key.sender == nil ? nil : sender,
                queue: listener.declaration.queue
            ) { [self, lock] in deliver($0, under: lock, attempt: attempt) }
        // The token moves into the state (copied in and out of the section, its three existentials cost a
        // registration several hundred instructions). Kept already (another start's), or dropped meanwhile (its last
        // listener stopped): this one is not needed, and is removed after the lock.
        lock.withLock {
            guard case .registering = state.phase else { return }
            state.phase = .registered
            state.token = token.take()
            state.kept = attempt
        }
        token?.remove(from: listener.center)
    }
}
