public import Foundation
public import GRDB

extension Notification.Name {
    /// Posted by a ``TaskStore`` after a write committed, on the thread that made the write; `object` is the store
    /// and `userInfo` holds the ``TaskChanges`` under ``TaskChanges/userInfoKey``. Not posted for a write that
    /// changed no task, nor for one that rolled back.
    public static let taskStoreDidSave = Notification.Name("TaskStoreDidSave")
}

/// A to-do list in an SQLite database file, that announces what each committed write changed.
///
/// Every write goes through ``save(_:)``: one transaction. After it commits, the store posts ``taskStoreDidSave``
/// with the rows it inserted, updated and deleted, as Core Data posts its did-save. A write that throws (a
/// constraint violation, or an error of the caller's) is rolled back and posts nothing.
///
/// ```swift
/// let store = try TaskStore(path: "/tmp/tasks.sqlite", center: center)
/// try store.save { db in
///     var task = TaskItem(title: "Buy milk")
///     try task.insert(db)
/// }
/// ```
public final class TaskStore: Sendable {
    /// The center the store posts to.
    public let center: NotificationCenter
    private let dbQueue: DatabaseQueue

    /// The database file's path.
    public var path: String { dbQueue.path }

    /// Opens the database file at `path`, creating it and the `task` table if needed.
    ///
    /// - Parameters:
    ///   - path: The database file. Two stores may open the same file; each posts only its own writes.
    ///   - center: The center to post `taskStoreDidSave` to.
    public init(path: String, center: NotificationCenter = .default) throws {
        self.center = center
        dbQueue = try DatabaseQueue(path: path)
        try Self.migrator.migrate(dbQueue)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createTask") { db in
            try db.create(table: TaskItem.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull().unique().check { length($0) > 0 }
                table.column("isDone", .boolean).notNull().defaults(to: false)
            }
        }
        return migrator
    }

    /// Runs `updates` in one write transaction; after it commits, posts ``taskStoreDidSave`` with what it changed.
    ///
    /// - Parameter updates: The writes. Throwing from it, or a failing statement in it, rolls every write back.
    /// - Returns: What `updates` returns.
    /// - Throws: What `updates` throws, or the `DatabaseError` of a failed statement or commit. Nothing is posted
    ///   then.
    @discardableResult
    public func save<Result>(_ updates: (Database) throws -> Result) throws -> Result {
        let collector = ChangeCollector(tableName: TaskItem.databaseTableName)
        let result = try dbQueue.write { db in
            // `.nextTransaction`: inside `write`, that is this transaction; GRDB drops the observer when it ends.
            db.add(transactionObserver: collector, extent: .nextTransaction)
            return try updates(db)
        }
        // Posted after `write` returned: the transaction is committed and the writer is free, so handlers may read
        // the store or save again.
        if let changes = collector.committed, !changes.isEmpty {
            center.post(name: .taskStoreDidSave, object: self, userInfo: [TaskChanges.userInfoKey: changes])
        }
        return result
    }

    /// Reads the database.
    public func read<Result>(_ value: (Database) throws -> Result) throws -> Result {
        try dbQueue.read(value)
    }

    /// Every task, by id.
    public func allTasks() throws -> [TaskItem] {
        try read { db in try TaskItem.order(Column("id")).fetchAll(db) }
    }

    /// How many tasks are not done.
    public func openTaskCount() throws -> Int {
        try read { db in try TaskItem.filter(Column("isDone") == false).fetchCount(db) }
    }
}
