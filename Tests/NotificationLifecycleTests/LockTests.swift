import Foundation
import Testing

@testable import NotificationLifecycle

/// `withLockHeld` reaches a lock's state for a caller that holds the lock already, inside a `withLock` section.
@Suite("The lock's state")
struct LockTests {
    @Test func withLockHeldInsideTheLockReachesTheState() {
        let lock = Locked(0)
        lock.withLock { () -> Void in lock.withLockHeld { $0 += 1 } }
        #expect(lock.withLock { $0 } == 1)
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
            let held = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            Thread {
                lock.withLock { () -> Void in
                    held.signal()
                    done.wait()
                }
            }.start()
            held.wait()
            // Runs once the holder lets go of it, which it does after a while: the check takes the lock to see.
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { done.signal() }
            lock.withLockHeld { $0 += 1 }
        }
    }
    #endif
}
