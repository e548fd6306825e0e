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

/// The platform's plain mutual-exclusion lock, used in place (it must not move once initialised).
///
/// The package's two lock holders keep it inside their own allocation: ``LockedValueBox`` for the engine's and
/// the ledger's state, ``InfoCore`` for an info's.
enum PlatformLock {
    /// A value to store where the lock will live, before ``initialize(_:)`` sets it up in place.
    static func placeholder() -> Primitive {
        Primitive()
    }

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
