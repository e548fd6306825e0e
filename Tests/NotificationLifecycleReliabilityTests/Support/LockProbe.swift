import Foundation
import NotificationLifecycle

/// An observer or sender whose `deinit` checks that it does not run inside the lock of the info it belongs to.
///
/// A weak reference loaded into a temporary strong one can become the last reference when another thread releases
/// the object at that moment; the object's `deinit` (user code: a controller's runs `stopAll()`) then runs where the
/// temporary is released. If that is inside a package lock, a `deinit` that touches the same info deadlocks. This
/// one asks another thread to read the info (which takes the info's lock) and waits for it: if the lock is held by
/// the thread running this `deinit`, that read cannot finish until the `deinit` returns, however long it waits.
///
/// The wait is long (`patience`, 10 seconds by default) so that a loaded machine, where the reading thread may not
/// run for a while, is never taken for a held lock: only a lock held by this thread keeps the read out that long.
/// `LockDisciplineTests` checks with a deinit run inside the lock on purpose that the probe still notices one.
final class LockProbe: NotificationSelectorResponder, @unchecked Sendable {
    // Safe: `info` and `reader` are set once before the object is shared, and `violations` and `releasedBy` are
    // lock boxes.
    weak var info: NotificationInfo?
    /// The thread that reads the info in a loop; a `deinit` that runs on it counts in `releasedByReader`.
    var reader: LockedValueBox<pthread_t?>?
    let violations: LockedValueBox<[String]>
    let releasedByReader: LockedValueBox<Int>
    let patience: TimeInterval

    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("hit:", LockProbe.hit)
    }

    init(
        violations: LockedValueBox<[String]>,
        releasedByReader: LockedValueBox<Int> = LockedValueBox(0),
        patience: TimeInterval = 10
    ) {
        self.violations = violations
        self.releasedByReader = releasedByReader
        self.patience = patience
    }

    func hit(_ notification: Notification) {}

    deinit {
        if let reader = reader?.withLock({ $0 }), pthread_equal(reader, pthread_self()) != 0 {
            releasedByReader.withLock { $0 += 1 }
        }
        guard let info else { return }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = info.description  // takes the info's lock
            done.signal()
        }
        if done.wait(timeout: .now() + patience) == .timedOut {
            let stack = Thread.callStackSymbols.prefix(12).joined(separator: "\n")
            violations.withLock { $0.append("deinit ran inside the info's lock (symbolise with addr2line):\n\(stack)") }
        }
    }
}
