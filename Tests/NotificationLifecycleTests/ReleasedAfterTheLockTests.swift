import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

/// What a package lock guards is released after the lock: a closure the package drops may hold the last reference to
/// an object whose `deinit` is user code, which may call the package again and take the same lock. Under the lock
/// that traps (a lock taken twice on one thread: `os_unfair_lock` on Apple, the error-checking mutex of Linux debug
/// builds) or deadlocks (Linux release builds).
@Suite("Closures released after the lock")
struct ReleasedAfterTheLockTests {
    /// The previous tap is released after the center's lock: its `deinit` reads the engine.
    @Test func aTapRemovedFromAnEngineIsReleasedAfterTheLock() {
        let engine = NotificationEngine(center: NotificationCenter())
        let read = LockedValueBox(-1)
        engine.setDeliveryTap(tapHolding(DeinitProbe { read.withLock { $0 = engine.infos.count } }))
        engine.setDeliveryTap(nil)
        #expect(read.withLock { $0 } == 0)
    }

    /// `stopAll()` drops the tap after the lock too.
    @Test func aTapDroppedByStopAllIsReleasedAfterTheLock() {
        let engine = NotificationEngine(center: NotificationCenter())
        let read = LockedValueBox(-1)
        engine.setDeliveryTap(tapHolding(DeinitProbe { read.withLock { $0 = engine.infos.count } }))
        engine.stopAll()
        #expect(read.withLock { $0 } == 0)
    }

    private func tapHolding(_ probe: DeinitProbe) -> DeliveryTap {
        DeliveryTap(handlerWillRun: { _ in withExtendedLifetime(probe) { 0 } }, handlerReturned: { _ in })
    }
}

/// Runs `onDeinit` when released.
final class DeinitProbe: Sendable {
    private let onDeinit: @Sendable () -> Void

    init(_ onDeinit: @escaping @Sendable () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}
