import Foundation
import NotificationLifecycle

/// An operation queue that counts the operations a `NotificationCenter` adds to it.
///
/// The center adds one operation per matching registration it holds, whether or not the package passes the call on
/// to a handler. Giving each info its own counting queue therefore shows what the center itself holds for that info,
/// independently of the package's own bookkeeping (`isListening`, generations, taps).
///
/// The counts live outside the queue, by the queue's identity, under one lock. The center hands the queue to a
/// posting thread through its own lock, which ThreadSanitizer does not see; a stored property of the queue, written
/// in `init` and read in `addOperation` on that thread, would be reported as a race that is none.
final class CountingQueue: OperationQueue, @unchecked Sendable {
    // Safe: the queue has no stored properties of its own; the counts are only touched under their box's lock.
    private static let counts = LockedValueBox<[ObjectIdentifier: Int]>([:])

    /// The number of operations added so far.
    var addedCount: Int {
        Self.counts.withLock { $0[ObjectIdentifier(self)] ?? 0 }
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        Self.counts.withLock { $0[ObjectIdentifier(self), default: 0] += 1 }
        super.addOperation(block)
    }

    deinit {
        Self.counts.withLock { $0[ObjectIdentifier(self)] = nil }
    }
}
