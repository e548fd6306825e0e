import GRDB

/// Collects what one write transaction changes in one table, and keeps it only if the transaction commits.
///
/// GRDB calls it on the store's writer queue during `DatabaseQueue.write`; the store reads `committed` after that
/// call has returned. `write` waits for the writer queue, so the two never overlap.
final class ChangeCollector: TransactionObserver {
    private let tableName: String
    private var pending = TaskChanges()
    /// The changes of the committed transaction; `nil` until it commits, and after a rollback.
    private(set) var committed: TaskChanges?

    init(tableName: String) {
        self.tableName = tableName
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName == tableName
    }

    func databaseDidChange(with event: DatabaseEvent) {
        switch event.kind {
        case .insert: pending.recordInsert(event.rowID)
        case .update: pending.recordUpdate(event.rowID)
        case .delete: pending.recordDelete(event.rowID)
        }
    }

    func databaseDidCommit(_ db: Database) {
        committed = pending
        pending = TaskChanges()
    }

    // After a rollback `DatabaseQueue.write` throws, so the store posts nothing; clearing keeps this state true too.
    func databaseDidRollback(_ db: Database) {
        committed = nil
        pending = TaskChanges()
    }
}
