import Foundation
import Testing

@testable import NotificationLifecycle

/// `withLockHeld` reaches a lock's state for a caller that holds the lock already, inside a `withLock` section, and
/// `Guarded.state` a state guarded by a lock kept elsewhere.
@Suite("The lock's state")
struct LockTests {
    @Test func withLockHeldInsideTheLockReachesTheState() {
        let lock = Locked(0)
        lock.withLock { () -> Void in lock.withLockHeld { $0 += 1 } }
        #expect(lock.withLock { $0 } == 1)
    }

    @Test func guardedStateInsideItsLockIsReachedInPlace() {
        let lock = Lock()
        let guarded = Guarded([1], guardedBy: lock)
        lock.withLock {
            guarded.state.append(2)
            guarded.state[0] += 10
        }
        #expect(lock.withLock { guarded.state } == [11, 2])
    }

    #if DEBUG && !os(Windows)
    /// Outside a `withLock` section a debug build traps (before: the state was touched without the lock).
    @Test func withLockHeldOutsideTheLockTraps() async {
        await #expect(processExitsWith: .failure) {
            Locked(0).withLockHeld { $0 += 1 }
        }
    }

    /// On another thread than the one that holds the lock it traps too: the lock is held, but not by the caller.
    @Test func withLockHeldOnAnotherThreadThanTheHolderTraps() async {
        await #expect(processExitsWith: .failure) {
            let lock = Locked(0)
            holdOnAnotherThreadForAWhile(lock)
            // Runs once the holder lets go of it: the check takes the lock to see.
            lock.withLockHeld { $0 += 1 }
        }
    }

    /// A guarded state read without its lock traps in a debug build, as `withLockHeld` does.
    @Test func guardedStateReadOutsideItsLockTraps() async {
        await #expect(processExitsWith: .failure) {
            let guarded = Guarded(0, guardedBy: Lock())
            _ = guarded.state
        }
    }

    /// Written without its lock it traps too.
    @Test func guardedStateWrittenOutsideItsLockTraps() async {
        await #expect(processExitsWith: .failure) {
            Guarded(0, guardedBy: Lock()).state += 1
        }
    }

    /// Holding another lock is not holding its lock.
    @Test func guardedStateUnderAnotherLockTraps() async {
        await #expect(processExitsWith: .failure) {
            let other = Lock()
            let guarded = Guarded(0, guardedBy: Lock())
            other.withLock { guarded.state += 1 }
        }
    }

    /// On another thread than the one that holds its lock it traps too.
    @Test func guardedStateOnAnotherThreadThanTheHolderTraps() async {
        await #expect(processExitsWith: .failure) {
            let lock = Lock()
            let guarded = Guarded(0, guardedBy: lock)
            holdOnAnotherThreadForAWhile(lock)
            guarded.state += 1
        }
    }
    #endif
}

/// Takes `lock` on another thread and returns once that thread holds it; the thread lets it go 0.2 s later.
private func holdOnAnotherThreadForAWhile<State>(_ lock: Locked<State>) {
    let held = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread {
        lock.withLock { () -> Void in
            held.signal()
            done.wait()
        }
    }.start()
    held.wait()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { done.signal() }
}
