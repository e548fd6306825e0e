import Foundation

/// An operation queue that counts the operations a `NotificationCenter` adds to it.
///
/// The center adds one operation per matching registration it holds, whether or not the package passes the call on
/// to a handler. Giving each info its own counting queue therefore shows what the center itself holds for that info,
/// independently of the package's own bookkeeping (`isListening`, generations, taps).
final class CountingQueue: OperationQueue, @unchecked Sendable {
    // Safe: `added` is only touched while `lock` is held.
    private let lock = NSLock()
    private var added = 0

    /// The number of operations added so far.
    var addedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return added
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        lock.lock()
        added += 1
        lock.unlock()
        super.addOperation(block)
    }
}
