import Foundation

/// A thread-safe list of events, for asserting what handlers did and in which order.
final class Recorder<Event: Sendable>: @unchecked Sendable {
    // Safe: `storage` is only touched while `lock` is held.
    private let lock = NSLock()
    private var storage: [Event] = []

    func record(_ event: Event) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    var events: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { events.count }

    func removeAll() {
        lock.lock()
        storage.removeAll()
        lock.unlock()
    }
}
