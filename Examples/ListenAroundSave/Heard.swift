import Foundation

/// The changes the listener heard, in order. `nonisolated`, so that a `@Sendable` handler may use it also in a module
/// whose default isolation is `MainActor` (the article shows this helper).
nonisolated final class Heard: @unchecked Sendable {
    // Safe: `changes` is only touched while `lock` is held.
    private let lock = NSLock()
    private var changes: [RecordStore.Changes] = []

    /// Records what one notification carried (`nil` when it carried no changes, which this store never posts).
    func append(_ change: RecordStore.Changes?) {
        guard let change else { return }
        lock.withLock { changes.append(change) }
    }

    /// Everything heard since the last call, one line per save, or `nothing`.
    func takeAllDescribed() -> String {
        let taken = lock.withLock {
            defer { changes.removeAll() }
            return changes
        }
        return taken.isEmpty ? "nothing" : taken.map { "a save that \($0)" }.joined(separator: " | ")
    }
}
