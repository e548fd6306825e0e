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

/// A mutual-exclusion lock: `os_unfair_lock` on Apple platforms, an SRW lock on Windows, a `pthread_mutex_t`
/// elsewhere.
///
/// The primitive is allocated once and reached through a pointer, as swift-nio's `NIOLock` does: a lock must not move
/// while it is in use, and a Swift stored property may. This file is the only place that touches a pointer or a
/// platform call.
package final class Lock: @unchecked Sendable {
    // Safe: the primitive is only touched through the platform's lock calls, which are thread-safe by definition.
    #if canImport(Darwin)
    private typealias Primitive = os_unfair_lock
    #elseif os(Windows)
    private typealias Primitive = SRWLOCK
    #else
    private typealias Primitive = pthread_mutex_t
    #endif

    private let primitive = UnsafeMutablePointer<Primitive>.allocate(capacity: 1)

    package init() {
        #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
        #elseif os(Windows)
        InitializeSRWLock(primitive)
        #else
        primitive.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if DEBUG
        // A lock taken again on the thread that holds it traps on Apple platforms (os_unfair_lock); in debug builds it
        // fails here too, instead of deadlocking, so that the Linux test suite finds such a bug.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        #endif
        let result = pthread_mutex_init(primitive, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
        #endif
    }

    deinit {
        #if !canImport(Darwin) && !os(Windows)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Runs `body` holding the lock. `body` must not call user code, Foundation's center, or take another lock.
    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        defer { os_unfair_lock_unlock(primitive) }
        #elseif os(Windows)
        AcquireSRWLockExclusive(primitive)
        defer { ReleaseSRWLockExclusive(primitive) }
        #else
        let result = pthread_mutex_lock(primitive)
        precondition(result == 0, "Expected to take the lock, but pthread_mutex_lock failed with \(result)")
        defer { pthread_mutex_unlock(primitive) }
        #endif
        return try body()
    }
}

/// A value that is only read and written while holding its own lock.
package final class LockedValueBox<Value>: @unchecked Sendable {
    // Safe: `value` is only touched inside `withLock`, which holds `lock` for the whole access.
    private let lock = Lock()
    @exclusivity(unchecked) private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
