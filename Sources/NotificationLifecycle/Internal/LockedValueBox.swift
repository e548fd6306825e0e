/// The package's lock box: a value that is only read or written while a lock is held (an engine's state, the
/// ledger's table). An info's lock and state live in its ``InfoCore``, built the same way.
///
/// `withLock` must never call user code (handlers, diagnostics handlers, overridable methods): the package
/// collects what it has to do inside the lock and does it after the lock is released.
///
/// The value and the lock live in one heap allocation (a `ManagedBuffer` whose header is the platform's lock and
/// whose one element is the value): one allocation instead of three (a box, an `NSLock` and the mutex it
/// allocates), and no dynamic exclusivity check on each access. Both use the same ``PlatformLock``.
package struct LockedValueBox<Value>: @unchecked Sendable {
    // Safe: the value is only touched inside `withLock`, which holds the buffer's lock for the whole access.
    private let storage: Storage

    package init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { lock, value in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&value.pointee)
        }
    }

    /// The lock as header, the value as the one element: the lock and the start of the value share the object's
    /// first cache line, which matters when an engine goes through thousands of infos.
    private final class Storage: ManagedBuffer<PlatformLock.Primitive, Value> {
        static func make(_ value: Value) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in PlatformLock.placeholder() }
            buffer.withUnsafeMutablePointers { lock, element in
                PlatformLock.initialize(lock)
                element.initialize(to: value)
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        deinit {
            // The header is the buffer's to destroy; the element is not.
            withUnsafeMutablePointers { lock, element in
                element.deinitialize(count: 1)
                PlatformLock.destroy(lock)
            }
        }
    }
}
