import Foundation

/// Waits until an expected number of handler calls have arrived, for observers that run as tasks (`AsyncMessage`).
package final class Countdown: @unchecked Sendable {
    // Safe: `remaining` and `waiter` are only touched while `lock` is held.
    private let lock = NSLock()
    private var remaining = 0
    private var waiter: CheckedContinuation<Void, Never>?

    package init() {}

    /// Starts a new round that ends after `count` calls of ``tick()``.
    package func expect(_ count: Int) {
        lock.withLock { remaining = count }
    }

    /// One handler call arrived.
    package func tick() {
        let done = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            remaining -= 1
            guard remaining == 0 else { return nil }
            defer { waiter = nil }
            return waiter
        }
        done?.resume()
    }

    /// Returns once the round's calls have all arrived.
    package func wait() async {
        await withCheckedContinuation { continuation in
            let finished = lock.withLock { () -> Bool in
                if remaining <= 0 { return true }
                waiter = continuation
                return false
            }
            if finished { continuation.resume() }
        }
    }
}
