import Foundation
import NotificationLifecycle

/// An observer or sender whose `deinit` checks that it does not run inside the lock of the info it belongs to.
///
/// A weak reference loaded into a temporary strong one can become the last reference when another thread releases
/// the object at that moment; the object's `deinit` (user code: a controller's runs `stopAll()`) then runs where the
/// temporary is released. If that is inside a package lock, a `deinit` that touches the same info deadlocks. This
/// one only asks another thread to read the info: if that cannot finish within `patience`, the lock is held by the
/// thread running this `deinit`.
final class LockProbe: NotificationSelectorResponder, @unchecked Sendable {
    // Safe: `info` is set once before the object is shared, and `violations` is a lock box.
    weak var info: NotificationInfo?
    let violations: LockedValueBox<[String]>
    let patience: TimeInterval

    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("hit:", LockProbe.hit)
    }

    init(violations: LockedValueBox<[String]>, patience: TimeInterval = 0.2) {
        self.violations = violations
        self.patience = patience
    }

    func hit(_ notification: Notification) {}

    deinit {
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
