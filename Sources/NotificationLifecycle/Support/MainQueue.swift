import Dispatch
import Foundation

/// Tells whether the current code runs on the main queue, where the main actor runs.
///
/// `Thread.isMainThread` is not enough: on Linux the main actor may run its jobs on the main dispatch queue from
/// another thread (Swift Testing does). A queue-specific value set on the main queue finds it on every platform.
enum MainQueue {
    private static let marker: Void = DispatchQueue.main.setSpecific(key: key, value: 1)
    private static let key = DispatchSpecificKey<UInt8>()

    /// Whether the caller runs on the main thread or the main queue, so `MainActor.assumeIsolated` holds.
    static var isCurrent: Bool {
        if Thread.isMainThread { return true }
        _ = marker
        return DispatchQueue.getSpecific(key: key) != nil
    }
}
