#if canImport(Darwin)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif os(Windows)
import WinSDK
#endif

/// The package's one lock: a value that is only read or written while a lock is held.
///
/// `withLock` must never call user code (handlers, diagnostics handlers, overridable methods): the package
/// collects what it has to do inside the lock and does it after the lock is released.
///
/// The value and the lock live in one heap allocation (a `ManagedBuffer` whose header is the platform's lock and
/// whose one element is the value), because every info has one: one allocation instead of three (a box, an
/// `NSLock` and the mutex it allocates), and no dynamic exclusivity check on each access.
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
            let buffer = create(minimumCapacity: 1) { _ in PlatformLock.Primitive() }
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

/// The platform's plain mutual-exclusion lock, used in place (it must not move once initialised).
private enum PlatformLock {
    #if canImport(Darwin)
    typealias Primitive = os_unfair_lock

    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        lock.initialize(to: os_unfair_lock())
    }

    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {}

    static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
        os_unfair_lock_lock(lock)
    }

    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
        os_unfair_lock_unlock(lock)
    }
    #elseif os(Windows)
    typealias Primitive = SRWLOCK

    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        InitializeSRWLock(lock)
    }

    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {}

    static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
        AcquireSRWLockExclusive(lock)
    }

    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
        ReleaseSRWLockExclusive(lock)
    }
    #else
    typealias Primitive = pthread_mutex_t

    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        lock.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(lock, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {
        pthread_mutex_destroy(lock)
    }

    static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
        let result = pthread_mutex_lock(lock)
        precondition(result == 0, "pthread_mutex_lock failed with \(result)")
    }

    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
        let result = pthread_mutex_unlock(lock)
        precondition(result == 0, "pthread_mutex_unlock failed with \(result)")
    }
    #endif
}
