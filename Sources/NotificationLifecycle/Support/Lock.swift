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

#if canImport(Darwin)
private typealias Primitive = os_unfair_lock
#elseif os(Windows)
private typealias Primitive = SRWLOCK
#else
private typealias Primitive = pthread_mutex_t
#endif

/// A mutual-exclusion lock and the state it guards, in one allocation: `os_unfair_lock` on Apple platforms, an SRW
/// lock on Windows, a `pthread_mutex_t` elsewhere. ``Lock`` is one that guards nothing of its own.
///
/// The state is the header of a `ManagedBuffer` and the primitive its element, as swift-nio's `NIOLock` keeps it: a
/// lock must not move while it is in use, which a Swift stored property may, and reaching it reads no field of an
/// object. A thread that was handed the lock through a closure Foundation calls (a registration's block) therefore
/// touches nothing before the lock itself, so ThreadSanitizer, which does not see Foundation's own locks, sees every
/// later read ordered by it. This file is the only place that touches a pointer or a platform call.
package struct Locked<State>: Sendable {
    private let memory: Memory<State, Primitive>
    private var storage: ManagedBuffer<State, Primitive> { memory.buffer }

    package init(_ state: State) {
        memory = Memory(buffer: Storage.make(state))
    }

    /// Runs `body` holding the lock. `body` must not call user code, Foundation's center, or take another lock.
    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointerToElements { primitive in
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

    /// Runs `body` on the state, holding the lock.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try withLock { try withLockHeld(body) }
    }

    /// Runs `body` on the state, for a caller that already holds the lock (inside a `withLock` section), and not
    /// inside another access to the state. Debug builds trap when the calling thread does not hold the lock.
    @inline(__always)
    func withLockHeld<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        #if DEBUG
        assertHeld()
        #endif
        return try storage.withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
    }

    #if DEBUG
    /// Traps unless the calling thread holds the lock (not on Windows, whose lock does not know its owner).
    fileprivate func assertHeld() {
        storage.withUnsafeMutablePointerToElements { primitive in
            #if canImport(Darwin)
            os_unfair_lock_assert_owner(primitive)
            #elseif !os(Windows)
            // The debug build's mutex checks errors: taking it again on the thread that holds it fails at once with
            // EDEADLK; on any other thread the call takes it (once its holder lets it go), which is the misuse.
            let result = pthread_mutex_lock(primitive)
            if result == 0 { pthread_mutex_unlock(primitive) }
            precondition(
                result == EDEADLK,
                "Expected the thread that reaches the lock's state to hold the lock, but it does not"
            )
            #endif
        }
    }
    #endif

    private final class Storage: ManagedBuffer<State, Primitive> {
        static func make(_ state: State) -> Storage {
            let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in state }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { primitive in
                #if canImport(Darwin)
                primitive.initialize(to: os_unfair_lock())
                #elseif os(Windows)
                InitializeSRWLock(primitive)
                #else
                primitive.initialize(to: pthread_mutex_t())
                var attributes = pthread_mutexattr_t()
                pthread_mutexattr_init(&attributes)
                #if DEBUG
                // A lock taken again on the thread that holds it traps on Apple platforms (os_unfair_lock); in debug
                // builds it fails here too, instead of deadlocking, so that the Linux test suite finds such a bug.
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
                #endif
                let result = pthread_mutex_init(primitive, &attributes)
                pthread_mutexattr_destroy(&attributes)
                precondition(result == 0, "pthread_mutex_init failed with \(result)")
                #endif
            }
            return storage
        }

        deinit {
            withUnsafeMutablePointerToElements { primitive in
                #if !canImport(Darwin) && !os(Windows)
                pthread_mutex_destroy(primitive)
                #endif
                _ = primitive.deinitialize(count: 1)
            }
        }
    }
}

/// A state that is read and written only while holding a lock kept elsewhere (a center registry's, for an engine's
/// state, a shared registration's and a listener's extras), in an allocation of its own.
///
/// As with ``Locked``, the state is the header of a `ManagedBuffer` and is reached through a pointer: no access is
/// checked at run time (the lock makes them exclusive), so the class that holds one needs no `@exclusivity(unchecked)`
/// and no `@unchecked Sendable` of its own. Debug builds trap when the calling thread does not hold the lock it was
/// made for, as ``Locked/withLockHeld(_:)`` does.
// Sendable whatever the state, as a `Mutex` is: the state stays in the cell, and what package code takes out of it
// under the lock (a Foundation token to remove, an object to release) it hands on after the lock, not to another
// thread. A shared registration's state holds Foundation's token, which is not `Sendable`.
package struct Guarded<State>: Sendable {
    private let memory: Memory<State, Void>
    #if DEBUG
    /// Traps unless the calling thread holds the lock the state was made for.
    private let assertHeld: @Sendable () -> Void
    #endif

    /// Guards `state` by `lock`: it is reached only by a thread that holds that lock.
    ///
    /// The state is made in the buffer: a state passed in was copied there (a shared registration's, a retain and a
    /// release of each of its collections, and about 230 instructions, per registration made).
    package init<Guard>(_ state: @autoclosure () -> State, guardedBy lock: Locked<Guard>) {
        memory = Memory(buffer: ManagedBuffer.create(minimumCapacity: 0) { _ in state() })
        #if DEBUG
        assertHeld = { lock.assertHeld() }
        #endif
    }

    /// The state, for a caller that holds the lock (inside its `withLock` section), and not inside another access to
    /// the state. Debug builds trap when the calling thread does not hold the lock.
    package var state: State {
        // Addressors, not coroutines: a caller reaches the state in place, with no coroutine frame to inline.
        @inline(__always) unsafeAddress { UnsafePointer(pointer) }
        @inline(__always) nonmutating unsafeMutableAddress { pointer }
    }

    /// The state's address, which stays the same as long as the buffer lives: this value holds it, and an accessor's
    /// caller holds this value while the accessor runs.
    @inline(__always)
    private var pointer: UnsafeMutablePointer<State> {
        #if DEBUG
        assertHeld()
        #endif
        return memory.buffer.withUnsafeMutablePointerToHeader { $0 }
    }
}

/// The memory of a ``Locked`` or a ``Guarded``: the state in the header, and a ``Locked``'s primitive as the element
/// (none for a ``Guarded``).
///
/// Safe to send: a lock's primitive is only touched through the platform's lock calls, and a state only while holding
/// its lock (`withLock`, or `withLockHeld` and ``Guarded/state`` inside a `withLock` section); both are reached through
/// pointers, so no access is checked at run time.
private struct Memory<Header, Element>: @unchecked Sendable {
    let buffer: ManagedBuffer<Header, Element>
}

/// A lock that guards nothing of its own.
package typealias Lock = Locked<Void>

extension Locked where State == Void {
    package init() {
        self.init(())
    }
}

/// A value that is only read and written while holding its own lock.
package typealias LockedValueBox<Value> = Locked<Value>
