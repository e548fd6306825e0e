import Foundation

/// Waits until `condition` holds, polling every millisecond for at most `timeout` seconds; answers whether it held.
///
/// For checks made right after the test lets go of an info: another thread of the process may hold it for a moment.
/// `RegistrationLedger`'s sweep, run by whichever thread makes an info once the ledger has doubled (any test running
/// beside this one), loads every live info as a strong reference and releases it after its lock; the info then goes,
/// with its center reference, its closure and its registration, on that thread, a moment later (issue 24, item 1).
func settles(within timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        if Date() > deadline { return false }
        usleep(1_000)
    }
    return true
}

/// Whether the weakly referenced object is gone, or goes within `timeout` seconds (see ``settles(within:_:)``).
func isGone(_ probe: @autoclosure () -> AnyObject?, within timeout: TimeInterval = 10) -> Bool {
    settles(within: timeout) { probe() == nil }
}

/// Runs `body` on a thread of its own and returns its result without holding a thread of the cooperative pool.
///
/// For a long synchronous test: Swift Testing runs a synchronous test on the pool, which has one thread per core, and
/// the tasks that tests running beside it wait for (Foundation's for asynchronous messages, their own) would wait for
/// that thread. A test that blocked both threads for seconds once made another test's 5-second wait fail in CI.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
        let thread = Thread { done.resume(returning: body()) }
        thread.stackSize = 1 << 22
        thread.start()
    }
}
