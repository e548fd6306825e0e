/// What a teardown's wait (``NotificationEngine/waitForStoppedHandlers()``) waits for.
///
/// A stop keeps later posts from a handler, but a handler of a post already under way may still run after it
/// returns: the post took its snapshot of listeners before the stop, or a late call (a scheduled main-actor call, an
/// asynchronous message's task) passed its check before it. So each shared registration counts its posts under way
/// (``PostsUnderWay``: counted up in the section that takes the snapshot, down after the last handler of the post)
/// and each listener its late calls let through (``Extras``: counted in the section of the check). A wait
/// remembers what is under way when it starts and ends when that has returned; what starts later cannot reach a
/// stopped info.
///
/// Both are touched only under the registry's lock. The cost on a post is one count in the section that takes the
/// snapshot and one more lock section after the handlers (Benchmarks/README.md has the instructions).

/// The posts of one shared registration whose snapshot was taken and whose handlers have not all returned.
///
/// A post is counted in the current round, one of two. A wait closes the round (later posts count in the other one)
/// and is resumed when the closed round's count is back to zero: every post that began before the wait has returned
/// then, and the posts that keep coming count elsewhere, so a steady stream of posts never holds a wait. A wait that
/// comes while a round drains waits for the next round too, which closes when the draining one ends. Two counters
/// instead of a ticket per post: a post adds one in the section that takes its snapshot and takes it away after its
/// handlers, and builds no array. `Waiter` is what a wait leaves to resume (a continuation; tests use names).
struct PostsUnderWay<Waiter> {
    /// The round new posts count in: 0 or 1.
    private var round = 0
    /// The posts under way of each round.
    private var counts = (0, 0)
    /// The waits resumed when the other round (the closed one) drains; empty when no round drains.
    private var draining: [Waiter] = []
    /// The waits that came while a round drained, which need the current round drained too.
    private var next: [Waiter] = []

    private func count(of round: Int) -> Int { round == 0 ? counts.0 : counts.1 }

    /// Whether no post is under way: a wait would return at once.
    var isIdle: Bool { counts.0 == 0 && counts.1 == 0 }

    /// Counts a post whose snapshot is being taken; answers its round, which it gives back to ``end(_:)``.
    @inline(__always)
    mutating func begin() -> Int {
        if round == 0 { counts.0 += 1 } else { counts.1 += 1 }
        return round
    }

    /// Takes back a post of `round`; answers whether it ended a drain, whose waits ``settledWaiters()`` then takes (a
    /// post that no one waits for builds no array).
    @inline(__always)
    mutating func end(_ round: Int) -> Bool {
        if round == 0 { counts.0 -= 1 } else { counts.1 -= 1 }
        return round != self.round && count(of: round) == 0 && !draining.isEmpty
    }

    /// Answers the waits whose posts have all returned, to resume after the lock, and closes the round for the waits
    /// that came meanwhile.
    mutating func settledWaiters() -> [Waiter] {
        guard !draining.isEmpty, count(of: 1 - round) == 0 else { return [] }
        var resumed = draining
        draining = next
        next = []
        if !draining.isEmpty {
            if count(of: round) == 0 {
                resumed += draining
                draining = []
            } else {
                round = 1 - round
            }
        }
        return resumed
    }

    /// Resumes `waiter` once every post that began before this call has returned; answers `false` (and keeps
    /// nothing) when none is under way.
    mutating func wait(_ waiter: Waiter) -> Bool {
        if !draining.isEmpty {
            next.append(waiter)
            return true
        }
        guard count(of: round) > 0 else { return false }
        round = 1 - round
        draining = [waiter]
        return true
    }
}

/// What few listeners need: the testing module's tap on the listener's info; the late calls of the listener that
/// passed their check and have not returned; and the registrations it listened through before its last one that still
/// had posts under way when it left them.
///
/// A class, made on first use (``Listener/madeExtras()``): most listeners never have one, and the fields inline grew
/// every listener's memory (Benchmarks/README.md, "Issue 30"). Touched only under the registry's lock, as the
/// listener's state that holds it.
final class Extras {
    // Exclusive by the lock, as the listener's state that holds it.
    @exclusivity(unchecked) var state = State()

    struct State {
        /// The testing module's tap, with the info it shows.
        var tapping: Tapping?
        private var last: UInt64 = 0
        private var running: [UInt64] = []
        private var waiters: [(calls: [UInt64], resume: CheckedContinuation<Void, Never>)] = []
        /// Earlier registrations with posts under way: a `queue:` or `name: nil` listener gets a new registration at
        /// each start, and a post of its first one may still run its handler after it stopped, started and stopped
        /// again.
        private(set) var earlierRegistrations: [SharedRegistration] = []

        /// Keeps `registration`, which the listener leaves for another, while it has posts under way; forgets those
        /// that have none any more.
        mutating func keepEarlier(_ registration: SharedRegistration) {
            earlierRegistrations.removeAll { $0.state.posts.isIdle }
            if !registration.state.posts.isIdle { earlierRegistrations.append(registration) }
        }

        /// Whether a call or an earlier registration's post may still run the listener's handler.
        var hasWorkUnderWay: Bool {
            !running.isEmpty || earlierRegistrations.contains { !$0.state.posts.isIdle }
        }

        /// Counts a late call that passed its check; answers its id.
        mutating func begin() -> UInt64 {
            last &+= 1
            running.append(last)
            return last
        }

        /// Ends call `id`; answers the waits that it was the last for, to resume after the lock.
        mutating func end(_ id: UInt64) -> [CheckedContinuation<Void, Never>] {
            if let index = running.firstIndex(of: id) { running.remove(at: index) }
            guard !waiters.isEmpty else { return [] }
            var resumed: [CheckedContinuation<Void, Never>] = []
            let running = running
            waiters.removeAll { waiter in
                guard waiter.calls.allSatisfy({ !running.contains($0) }) else { return false }
                resumed.append(waiter.resume)
                return true
            }
            return resumed
        }

        /// The calls running now, but those in `excluded`.
        func running(excluding excluded: [UInt64]) -> [UInt64] {
            running.filter { !excluded.contains($0) }
        }

        /// Resumes `waiter` once each of `calls` has returned; answers `false` (and keeps nothing) when they have
        /// already.
        mutating func wait(for calls: [UInt64], _ waiter: CheckedContinuation<Void, Never>) -> Bool {
            guard calls.contains(where: running.contains) else { return false }
            waiters.append((calls, waiter))
            return true
        }
    }
}

/// An asynchronous handler's call, marked in its task while it runs: a teardown's wait made from that task (or a task
/// it made) does not wait for the call that made it, which would wait for ever.
struct RunningHandler: Sendable {
    let listener: ObjectIdentifier
    let call: UInt64

    init(_ listener: Listener, _ call: UInt64) {
        self.listener = ObjectIdentifier(listener)
        self.call = call
    }

    @TaskLocal static var calls: [RunningHandler] = []
}

extension Listener {
    /// Waits until the handler calls of this stopped listener that are under way now have returned: the late calls
    /// let through (but the caller's own, see ``RunningHandler``) and the posts under way on the registrations it
    /// listened through (its last one, and earlier ones that still had posts under way when it left them).
    func waitForRunningHandlers() async {
        let own = RunningHandler.calls.filter { $0.listener == ObjectIdentifier(self) }.map(\.call)
        let (late, registrations) = registry.lock.withLock { () -> ([UInt64], [SharedRegistration]) in
            let earlier = state.extras?.state.earlierRegistrations ?? []
            return (
                state.extras?.state.running(excluding: own) ?? [],
                earlier + (state.lastRegistration.map { [$0] } ?? [])
            )
        }
        if !late.isEmpty {
            await withCheckedContinuation { waiter in
                if !registry.lock.withLock({ state.extras?.state.wait(for: late, waiter) ?? false }) { waiter.resume() }
            }
        }
        for registration in registrations {
            await withCheckedContinuation { waiter in
                if !registry.lock.withLock({ registration.state.posts.wait(waiter) }) { waiter.resume() }
            }
        }
    }

    /// Whether a handler call of this listener may be under way, under the lock: a late call let through, or a post
    /// under way on a registration it listened through.
    var mayHaveHandlersUnderWay: Bool {
        if let registration = state.lastRegistration, !registration.state.posts.isIdle { return true }
        return state.extras?.state.hasWorkUnderWay ?? false
    }

    /// Keeps `registration`, which the listener leaves for another, for a teardown's wait while it has posts under
    /// way; under the lock.
    func leave(_ registration: SharedRegistration) {
        guard state.extras != nil || !registration.state.posts.isIdle else { return }
        madeExtras().state.keepEarlier(registration)
    }
}

/// A listener an engine took out of its infos or sequences (``NotificationEngine/remove(_:fileID:line:)``, a stopped
/// sequence) while a handler call of it may be under way, for a teardown's wait. Weak: a listener that is gone has no
/// call under way (a post, a scheduled call and an asynchronous message's call each hold their listener), and the
/// engine must not keep an info's handler, and what it captured, alive.
struct DepartedListener {
    weak var listener: Listener?
}

extension NotificationEngine {
    /// Returns once every handler call under way now for this engine's stopped infos has returned.
    ///
    /// A stop (``disappear(fileID:line:)``, ``stop(_:fileID:line:)``) keeps every later post from the infos it
    /// stops, but a handler of a post already under way on another thread may still run, even begin, after it
    /// returns, as with Foundation's own observers. Teardown that frees what a handler uses waits here first:
    ///
    /// ```swift
    /// @MainActor func close(_ screen: FeedScreen, cache: ImageCache) async {
    ///     screen.disappear()
    ///     await screen.notificationEngine.waitForStoppedHandlers()
    ///     cache.close()  // no handler of a stopped info runs any more
    /// }
    /// ```
    ///
    /// It waits for the infos in ``infos`` that do not listen when it is called, the infos taken out with
    /// ``remove(_:fileID:line:)`` and the infos of lifespan-bound sequences that stopped: each handler call already
    /// running, or already let through by a post under way, when it is called. A post that begins later does not
    /// reach them. It does not wait for infos that ``stopAll(fileID:line:)`` gave up, which ``infos`` no longer
    /// lists.
    ///
    /// Infos of one name on one center share one Foundation registration (see ``NotificationInfo``), and a post
    /// under way on it when this is called is waited for whole: a handler of another info of that name that runs in
    /// that post is waited for too, even one that still listens. So a handler that blocks until the teardown is done
    /// must not run in such a post: the wait would never return.
    ///
    /// Called from the asynchronous handler of an info it would wait for (an `AsyncMessage` handler, or a task that
    /// handler made), it does not wait for that handler's own call, which could not return before it. A synchronous
    /// handler cannot call it; a task it starts that calls it waits until that handler has returned.
    public func waitForStoppedHandlers() async {
        let listeners = registry.lock.withLock { () -> [Listener] in
            state.departed.removeAll { !($0.listener?.mayHaveHandlersUnderWay ?? false) }
            let listeners = (Array(state.infos) + state.sequences.values.map(\.info)).map(\.listener)
            return (listeners + state.departed.compactMap(\.listener)).filter { !$0.state.isListening }
        }
        for listener in listeners {
            await listener.waitForRunningHandlers()
        }
    }
}

extension NotificationEngine {
    /// Keeps `listener`, which leaves the engine's infos or sequences, for a teardown's wait while a handler call of
    /// it may be under way; forgets the departed listeners that have none any more. Under the lock.
    func depart(_ listener: Listener) {
        state.departed.removeAll { !($0.listener?.mayHaveHandlersUnderWay ?? false) }
        if listener.mayHaveHandlersUnderWay { state.departed.append(DepartedListener(listener: listener)) }
    }
}
