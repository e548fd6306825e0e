import Foundation

/// The package's one lock: a value that is only read or written while a lock is held.
///
/// `withLock` must never call user code (handlers, diagnostics handlers, overridable methods): the package
/// collects what it has to do inside the lock and does it after the lock is released.
package final class LockedValueBox<Value>: @unchecked Sendable {
    // Safe: `value` is only touched inside `withLock`, which holds `lock` for the whole access.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
