import Foundation

/// A value that any thread may read and change, one at a time.
///
/// An `NSLock` (a pthread mutex on Linux) rather than `Synchronization.Mutex`: on Linux, a contended `Mutex` is handed
/// over in the standard library's futex path, which ThreadSanitizer does not see, so it can report accesses made
/// under a `Mutex` from two threads as races.
final class LockedState<Value: Sendable>: @unchecked Sendable {
    // Safe: `value` is only read and written while `lock` is held, and no user code runs under it but `body`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
