import Foundation

/// The handlers that ran since the last look, kept apart from the controller so that it outlives it.
final class HandlerLog: @unchecked Sendable {
    // Safe: `entries` is only touched while `lock` is held.
    private let lock = NSLock()
    private var entries: [String] = []

    /// Records that a handler ran.
    func ran(_ handler: String) {
        lock.lock()
        entries.append(handler)
        lock.unlock()
    }

    /// The handlers that ran since the last call, in the order they ran.
    func takeEntries() -> [String] {
        lock.lock()
        defer {
            entries.removeAll()
            lock.unlock()
        }
        return entries
    }
}
