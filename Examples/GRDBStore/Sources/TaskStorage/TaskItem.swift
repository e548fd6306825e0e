public import GRDB

/// One row of the store's `task` table.
public struct TaskItem: Codable, Equatable, Identifiable, Sendable, FetchableRecord, MutablePersistableRecord {
    /// The table's name.
    public static let databaseTableName = "task"

    /// The row id; `nil` until the task is inserted.
    public var id: Int64?
    /// The title, unique in the store (a second task with the same title violates the table's constraint).
    public var title: String
    /// Whether the task is done.
    public var isDone: Bool

    /// Makes a task to insert.
    public init(id: Int64? = nil, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }

    /// Keeps the row id SQLite chose.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
