import Foundation
import GRDB
import Synchronization
import TaskStorage
import Testing

/// Runs `body` with the path of a database file in a new temporary directory, removed afterwards.
func withTemporaryDatabase<Result>(_ body: (_ path: String) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("TaskStorageTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.appendingPathComponent("tasks.sqlite").path)
}

/// Reads the file through a connection of its own, so that what it sees is what was committed to disk.
func tasksOnDisk(at path: String) throws -> [TaskItem] {
    var configuration = Configuration()
    configuration.readonly = true
    return try DatabaseQueue(path: path, configuration: configuration).read { db in
        try TaskItem.order(Column("id")).fetchAll(db)
    }
}

/// Inserts a task and returns its row id.
@discardableResult
func insertTask(_ title: String, isDone: Bool = false, in db: Database) throws -> Int64 {
    var task = TaskItem(title: title, isDone: isDone)
    try task.insert(db)
    return try #require(task.id)
}

/// The did-save notifications a handler received, in order. Handlers are `@Sendable`, so the list is locked.
final class SaveRecorder: Sendable {
    private let saves = Mutex<[TaskChanges?]>([])

    /// Records the changes a notification carried; `nil` for one that carried none.
    func record(_ notification: Notification) {
        saves.withLock { $0.append(TaskChanges(notification)) }
    }

    /// Everything recorded so far.
    var all: [TaskChanges?] { saves.withLock { $0 } }
}

/// A caller's own error, thrown from inside a save.
struct AbandonedEdit: Error {}
