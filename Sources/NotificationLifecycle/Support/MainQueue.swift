import Dispatch
import Foundation

#if os(Linux)
import Synchronization
#endif

/// Tells whether the current code runs on the main queue, where the main actor runs.
///
/// `Thread.isMainThread` is not enough: on Linux the main actor may run its jobs on the main dispatch queue from
/// another thread (Swift Testing does). A queue-specific value set on the main queue finds it on every platform.
enum MainQueue {
    private static let marker: Void = DispatchQueue.main.setSpecific(key: key, value: 1)
    private static let key = DispatchSpecificKey<UInt8>()

    /// Whether the caller runs on the main thread or the main queue, so `MainActor.assumeIsolated` holds.
    static var isCurrent: Bool {
        if isMainThread { return true }
        _ = marker
        return DispatchQueue.getSpecific(key: key) != nil
    }

    #if os(Linux)
    /// The main thread's `pthread_t`, once the main thread has asked; 0 before. The main thread lives as long as the
    /// process, so no other thread ever has its value.
    private static let mainThread = Atomic<UInt>(0)

    /// Whether the caller runs on the main thread. On Linux `Thread.isMainThread` makes two system calls (`gettid`
    /// and `getpid`) on every call, which cost a main-actor listener's post more than the rest of it: here the main
    /// thread is found that way once, and then compared with `pthread_self()`, which reads the thread's own memory.
    private static var isMainThread: Bool {
        let current = UInt(pthread_self())
        let main = mainThread.load(ordering: .relaxed)
        if main != 0 { return current == main }
        guard Thread.isMainThread else { return false }
        mainThread.store(current, ordering: .relaxed)
        return true
    }
    #else
    /// Whether the caller runs on the main thread; no system call on Apple platforms.
    private static var isMainThread: Bool { Thread.isMainThread }
    #endif
}
