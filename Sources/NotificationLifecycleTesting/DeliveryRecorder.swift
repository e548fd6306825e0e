public import NotificationLifecycle

/// Records which topics reach the handlers of controllers and infos, how often and in which order.
///
/// Make a recorder, give it controllers (or any `NotificationEngineOwner`) and standalone infos, post, then expect
/// what was delivered:
///
/// ```swift
/// @Test @MainActor func storeChangeIsDelivered() {
///     let center = NotificationCenter()
///     let screen = InboxScreen(notificationCenter: center)
///     let recorder = DeliveryRecorder()
///     recorder.record(screen)
///
///     center.post(name: .storeDidChange, object: nil)
///
///     expectDelivered(.name(.storeDidChange), in: recorder)          // exactly once
///     expectDelivered(.name(.themeDidChange), .never, in: recorder)  // not appeared
/// }
/// ```
///
/// The recorder sees every handler call of the infos it records, including infos a controller adds later: it records
/// the call just before the handler runs, on the thread that runs it, and keeps the order in which handlers were
/// called; it also sees the handler return. Deliveries that happen later (an `AsyncMessage`, a handler on an
/// `OperationQueue`, a post from another task) are awaited with
/// ``waitForDeliveries(of:to:lifespan:_:in:timeout:fileID:filePath:line:column:where:)-(_,_,_,_,_,TimeInterval,_,_,_,_,_)``,
/// which counts a delivery once its handler has returned. For a lifespan-bound sequence the handler is the yield into
/// the sequence, not the loop that reads it. The recorder holds the controllers and infos weakly and keeps no
/// notification, so recording never changes what is deallocated.
///
/// > Important: An info or a controller has one recorder at a time: recording it again, from this recorder or
/// > another one, replaces the earlier recording. Infos without a queue hear a post in the order they started
/// > listening; infos with different queues or sender filters may hear it in any order.
public final class DeliveryRecorder: Sendable {
    /// A task waiting in ``waitForDeliveries(of:to:lifespan:_:in:timeout:fileID:filePath:line:column:where:)-(_,_,_,_,_,TimeInterval,_,_,_,_,_)``.
    private struct Waiter {
        let isSatisfied: @Sendable (Recorded) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var recorded = Recorded()
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
        /// What was given to `record(_:)`, held weakly, as inspections see it (`nil` once released), to say why
        /// nothing arrived.
        var sources: [@Sendable () -> InspectedSubject?] = []
    }

    private let state = LockedValueBox(State())

    /// The task that made the recorder: a failure about it raised in another task goes to that task's test where it
    /// can (``recordFailure(_:at:origin:)``).
    let origin: FailureOrigin

    /// Makes a recorder that records nothing yet; give it sources with `record(_:)`.
    public init() {
        XCTestCases.watch()
        origin = .here
    }

    /// Records every handler call of `owner`'s infos from now on, also of infos it adds later.
    public func record(_ owner: some NotificationEngineOwner) {
        state.withLock { $0.sources.append { [weak owner] in owner.map { InspectedSubject(owner: $0) } } }
        owner.notificationEngine.setDeliveryTap(tap)
    }

    /// Records every handler call of a standalone `info` from now on.
    public func record(_ info: NotificationInfo) {
        state.withLock { $0.sources.append { [weak info] in info.map { InspectedSubject(info: $0) } } }
        info.setDeliveryTap(tap)
    }

    /// Every delivery recorded so far, in the order the handlers were called (also those whose handler still runs).
    public var deliveries: [RecordedDelivery] { state.withLock { $0.recorded.deliveries } }

    /// The deliveries, and which of them still run their handler.
    var recorded: Recorded { state.withLock { $0.recorded } }

    /// Whether `record(_:)` was called at all, to tell a recorder given nothing from one whose sources were released.
    var hasRecorded: Bool { state.withLock { !$0.sources.isEmpty } }

    /// The recorded sources that still live, as inspections see them.
    var subjects: [InspectedSubject] { state.withLock { $0.sources }.compactMap { $0() } }

    /// The tap installed on the sources; it holds the recorder weakly so that a forgotten tap records nothing.
    private var tap: DeliveryTap {
        DeliveryTap(
            handlerWillRun: { [weak self] info, notification in
                guard let self else { return 0 }
                let delivery = RecordedDelivery(info, notification)
                return state.withLock { state in
                    state.recorded.running.insert(state.recorded.deliveries.count)
                    state.recorded.deliveries.append(delivery)
                    return UInt64(state.recorded.deliveries.count - 1)
                }
            },
            handlerReturned: { [weak self] id in
                guard let self else { return }
                let (recorded, waiters) = state.withLock { state in
                    state.recorded.running.remove(Int(id))
                    return (state.recorded, state.waiters)
                }
                // The conditions are the caller's code: checked after the lock, on a snapshot that includes this
                // delivery.
                for (id, waiter) in waiters where waiter.isSatisfied(recorded) { resume(id, satisfied: true) }
            }
        )
    }

    /// Waits until `isSatisfied` holds for the deliveries, or `nanoseconds` pass; answers whether it held.
    func wait(
        nanoseconds: UInt64,
        until isSatisfied: @escaping @Sendable (Recorded) -> Bool
    ) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { $0.waiters[id] = Waiter(isSatisfied: isSatisfied, continuation: continuation) }
                // Checked after registering: a delivery or a cancellation before it found no waiter to end.
                guard !isSatisfied(recorded), !Task.isCancelled else { return resume(id, satisfied: !Task.isCancelled) }
                let timer = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: nanoseconds)
                    self?.resume(id, satisfied: false)
                }
                // A waiter ended meanwhile did not see this timer: cancelled here.
                state.withLock { $0.waiters[id]?.timer = timer }
                if state.withLock({ $0.waiters[id] == nil }) { timer.cancel() }
            }
        } onCancel: {
            resume(id, satisfied: false)
        }
    }

    /// Ends waiter `id`, once: whichever of a delivery, its timer or cancellation comes first.
    private func resume(_ id: UInt64, satisfied: Bool) {
        guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: id) }) else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: satisfied)
    }
}

/// The deliveries a recorder holds, in the order the handlers were called, and which still run their handler.
struct Recorded: Sendable {
    var deliveries: [RecordedDelivery] = []
    /// The indices of the deliveries whose handler has not returned.
    var running: Set<Int> = []

    /// The deliveries whose handler has returned, in the order the handlers were called.
    var returned: [RecordedDelivery] {
        running.isEmpty ? deliveries : deliveries.indices.filter { !running.contains($0) }.map { deliveries[$0] }
    }
}
