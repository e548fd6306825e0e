import Foundation

/// Runs bodies on dedicated threads that all start at once, and waits for them with a time limit.
///
/// Dispatch's `concurrentPerform` uses one thread per core (two here); a stress test wants more threads than cores
/// so that the scheduler interleaves them at arbitrary points.
final class ThreadGroup: @unchecked Sendable {
    // Safe: `ready`, `go` and `running` are only touched while `condition` is locked.
    private let condition = NSCondition()
    private var ready = 0
    private var go = false
    private var running = 0

    /// Starts `count` threads running `body(index)`; they wait until all have started, then run together.
    func start(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        condition.lock()
        running += count
        condition.unlock()
        for index in 0..<count {
            let thread = Thread { [self] in
                condition.lock()
                ready += 1
                if ready == count { go = true }
                condition.broadcast()
                while !go { condition.wait() }
                condition.unlock()

                body(index)

                condition.lock()
                running -= 1
                condition.broadcast()
                condition.unlock()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Waits until every thread has finished; `false` when `timeout` passed first (a deadlock or a livelock).
    func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while running > 0 {
            if !condition.wait(until: deadline) { return running == 0 }
        }
        return true
    }

    /// ``wait(timeout:)`` on a thread of its own: the calling test holds no thread of the cooperative pool (nor the
    /// main actor) while the group runs.
    func finished(within timeout: TimeInterval) async -> Bool {
        await onOwnThread { self.wait(timeout: timeout) }
    }
}

/// Runs `body` on its own thread and waits at most `timeout` seconds; `false` means it did not return (deadlock).
func finishesInTime(_ timeout: TimeInterval = 10, _ body: @escaping @Sendable () -> Void) -> Bool {
    let group = ThreadGroup()
    group.start(1) { _ in body() }
    return group.wait(timeout: timeout)
}
