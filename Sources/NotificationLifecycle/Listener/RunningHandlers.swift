/// What a teardown's wait (``NotificationEngine/waitForStoppedHandlers()``) waits for.
///
/// A stop keeps later posts from a handler, but a handler of a post already under way may still run after it
/// returns: the post took its snapshot of listeners before the stop, or a late call (a scheduled main-actor call, an
/// asynchronous message's task) passed its check before it. So each shared registration counts its posts under way
/// (counted up in the section that takes the snapshot, down after the last handler of the post) and each listener its
/// late calls let through (in ``Extras``, counted in the section of the check), both in a ``CallsUnderWay``. A wait
/// remembers what is under way when it starts and ends when that has returned; what starts later cannot reach a
/// stopped info.
///
/// Both are touched only under the registry's lock. The cost on a post is one count in the section that takes the
/// snapshot and one more lock section after the handlers (Benchmarks/README.md has the instructions).

/// Handler calls under way, each with an id, and the waits for some of them: the posts of a shared registration whose
/// snapshot was taken and whose handlers have not all returned, or the late calls of a listener.
///
/// A wait names the calls under way when it starts (``running(excluding:)``) and is resumed once they have returned,
/// so calls that keep coming never hold it. The first call under way is kept inline and the others in an array, so a
/// post that no other overlaps builds no array. `Waiter` is what a wait leaves to resume (a continuation; tests use
/// names).
struct CallsUnderWay<Waiter> {
    private var last: UInt64 = 0
    /// A call under way, or 0; the others are in `more`.
    private var first: UInt64 = 0
    private var more: [UInt64] = []
    private var waiters: [(calls: [UInt64], waiter: Waiter)] = []

    /// Whether no call is under way: a wait would return at once.
    var isIdle: Bool { first == 0 && more.isEmpty }

    /// Counts a call; answers its id (never 0), which it gives back to ``end(_:)``.
    @inline(__always)
    mutating func begin() -> UInt64 {
        last &+= 1
        if first == 0 { first = last } else { more.append(last) }
        return last
    }

    /// Takes back call `id`; answers whether a wait may be resumed now, whose waiter ``settledWaiters()`` then
    /// takes (a call that no one waits for builds no array).
    @inline(__always)
    mutating func end(_ id: UInt64) -> Bool {
        // From the end: re-entrant posts (a handler that posts) end innermost, that is newest, first.
        if first == id { first = 0 } else if let index = more.lastIndex(of: id) { more.remove(at: index) }
        return !waiters.isEmpty
    }

    private func isRunning(_ id: UInt64) -> Bool { id == first || more.contains(id) }

    /// The calls under way now, but those in `excluded`.
    func running(excluding excluded: [UInt64] = []) -> [UInt64] {
        ([first] + more).filter { $0 != 0 && !excluded.contains($0) }
    }

    /// Answers the waits whose calls have all returned, to resume after the lock.
    mutating func settledWaiters() -> [Waiter] {
        let running = running()
        let settled = waiters.filter { !$0.calls.contains(where: running.contains) }
        waiters.removeAll { !$0.calls.contains(where: running.contains) }
        return settled.map(\.waiter)
    }

    /// Resumes `waiter` once each of `calls` has returned; answers `false` (and keeps nothing) when they have already.
    mutating func wait(for calls: [UInt64], _ waiter: Waiter) -> Bool {
        guard calls.contains(where: isRunning) else { return false }
        waiters.append((calls, waiter))
        return true
    }
}

/// What few listeners need: the testing module's tap on the listener's info; the late calls of the listener that
/// passed their check and have not returned; the registrations it listened through before its last one that still
/// had posts under way when it left them; and its `listen(during:)` holds.
///
/// In a ``Guarded`` of its own, made on first use (``Listener/madeExtras()``): most listeners never have one, and the
/// fields inline grew every listener's memory (Benchmarks/README.md, "Issue 30"; the holds: "Issue 35: the listener in
/// 160 bytes"). Guarded by the registry's lock, as the listener's state that holds it.
struct Extras {
    /// The testing module's tap, with the info it shows.
    var tapping: Tapping?
    /// `listen(during:)` calls under way.
    var holds: Int32 = 0
    var lateCalls = CallsUnderWay<CheckedContinuation<Void, Never>>()
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
        !lateCalls.isIdle || earlierRegistrations.contains { !$0.state.posts.isIdle }
    }
}

/// An asynchronous handler's call, marked in its task while it runs: a teardown's wait made from that task (or a task
/// it made) does not wait for the call that made it, which would wait for ever.
///
/// The listener is held, not named by its address: a task the handler made keeps the mark after the call, maybe
/// after the listener's info is gone, and a listener made at that address numbers its calls from 1 too, so its
/// running call would be taken for the marked one and not waited for.
struct RunningHandler: Sendable {
    let listener: Listener
    let call: UInt64

    init(_ listener: Listener, _ call: UInt64) {
        self.listener = listener
        self.call = call
    }

    @TaskLocal static var calls: [RunningHandler] = []
}

extension Listener {
    /// Waits until the handler calls of this stopped listener that are under way now have returned: the late calls
    /// let through (but the caller's own, see ``RunningHandler``) and the posts under way on the registrations it
    /// listened through (its last one, and earlier ones that still had posts under way when it left them).
    func waitForRunningHandlers() async {
        let own = RunningHandler.calls.filter { $0.listener === self }.map(\.call)
        let (late, posts) = registry.withLock { () -> ([UInt64], [(SharedRegistration, [UInt64])]) in
            let earlier = state.extras?.state.earlierRegistrations ?? []
            let registrations = earlier + (state.lastRegistration.map { [$0] } ?? [])
            return (
                state.extras?.state.lateCalls.running(excluding: own) ?? [],
                registrations.map { ($0, $0.state.posts.running()) }
            )
        }
        // Nothing named, nothing to wait for: no continuation, no lock section.
        if !late.isEmpty { await waitUnderLock { state.extras?.state.lateCalls.wait(for: late, $0) ?? false } }
        for (registration, calls) in posts where !calls.isEmpty {
            await waitUnderLock { registration.state.posts.wait(for: calls, $0) }
        }
    }

    /// Waits until `wait`, called under the lock with the continuation, answers `false` or resumes it.
    private func waitUnderLock(_ wait: (CheckedContinuation<Void, Never>) -> Bool) async {
        await withCheckedContinuation { waiter in
            if !registry.withLock({ wait(waiter) }) { waiter.resume() }
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
        let (listeners, departed) = registry.withLock { () -> ([Listener], [Listener]) in
            let departed = loadDeparted()
            let listeners = (Array(state.infos) + state.sequences.values.map(\.info)).map(\.listener) + departed
            return (listeners.filter { !$0.state.isListening }, departed)
        }
        for listener in listeners {
            await listener.waitForRunningHandlers()
        }
        withExtendedLifetime(departed) {}
    }
}

extension NotificationEngine {
    /// Keeps `listener`, which leaves the engine's infos or sequences, for a teardown's wait while a handler call of
    /// it may be under way. Under the lock; the departed listeners it loads are released after it, with `effects`.
    func depart(_ listener: Listener, keeping effects: inout Effects) {
        effects.kept.append(contentsOf: loadDeparted() as [AnyObject])
        if listener.mayHaveHandlersUnderWay { state.departed.append(DepartedListener(listener: listener)) }
    }

    /// Forgets the departed listeners that have no handler call under way any more; answers every one it loaded, for
    /// the caller to release after the lock: another thread may let one go meanwhile, and its handler is the user's.
    private func loadDeparted() -> [Listener] {
        let loaded = state.departed.compactMap(\.listener)
        state.departed.removeAll { !($0.listener?.mayHaveHandlersUnderWay ?? false) }
        return loaded
    }
}
