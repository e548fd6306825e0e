import Foundation
import GRDB
import NotificationLifecycle
import Synchronization
import TaskStorage

/// Walks through a TaskStore (SQLite, through GRDB) whose committed writes post what they changed, a
/// TaskSyncService that listens to it under two lifespans, and a one-shot listener around single saves.
@main
enum GRDBStoreDemo {
    static func main() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("GRDBStoreDemo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: directory)
            print("Removed \(directory.lastPathComponent): \(!FileManager.default.fileExists(atPath: directory.path))")
        }
        let path = directory.appendingPathComponent("tasks.sqlite").path
        let center = NotificationCenter()
        let store = try TaskStore(path: path, center: center)
        print("GRDBStoreDemo: a TaskStore in \(directory.lastPathComponent)/tasks.sqlite posts taskStoreDidSave")
        print("after each committed write, with the row ids it inserted, updated and deleted.")

        print("")
        print("1. A TaskSyncService listens for its lifetime (badge) and while syncing (outbox)")
        var service: TaskSyncService? = try TaskSyncService(store: store, center: center)
        show(service)

        print("")
        print("2. One save inserts two tasks")
        try store.save { db in
            var milk = TaskItem(title: "Buy milk")
            try milk.insert(db)
            var ada = TaskItem(title: "Call Ada")
            try ada.insert(db)
        }
        show(service)

        print("")
        print("3. listen(during:) around one save that marks task 1 done")
        let heard = Heard()
        let didSave = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { note in
            heard.append(TaskChanges(note))
        }
        try didSave.listen(during: {
            try store.save { db in _ = try TaskItem.filter(id: 1).updateAll(db, Column("isDone").set(to: true)) }
        })
        print("   heard: \(heard.takeAllDescribed())")
        print("   listening after the save: \(didSave.isListening)")
        show(service)

        print("")
        print("4. A later save, without listen(during:), renames task 2")
        try store.save { db in try TaskItem.filter(id: 2).updateAll(db, Column("title").set(to: "Call Ada back")) }
        print("   heard: \(heard.takeAllDescribed())")
        show(service)

        print("")
        print("5. A sync runs while one save deletes task 1 and inserts a task")
        service?.startSync()
        print("   syncing: \(service?.isSyncing ?? false)")
        try store.save { db in
            _ = try TaskItem.deleteOne(db, id: 1)
            var plants = TaskItem(title: "Water plants")
            try plants.insert(db)
        }
        print("   outbox handed over: \(service?.finishSync().description ?? "-")")
        print("   syncing: \(service?.isSyncing ?? false)")
        show(service)

        print("")
        print("6. listen(during:) around a save that inserts \"Pay rent\", then \"Water plants\" again (unique title)")
        do {
            try didSave.listen(during: {
                print("   listening during the save: \(didSave.isListening)")
                try store.save { db in
                    var rent = TaskItem(title: "Pay rent")
                    try rent.insert(db)
                    var again = TaskItem(title: "Water plants")
                    try again.insert(db)
                }
            })
            print("   the save unexpectedly succeeded")
        } catch let error as DatabaseError {
            print("   save threw: \(error.resultCode), \(error.message ?? "no message")")
        }
        print("   heard: \(heard.takeAllDescribed())")
        print("   listening after the failed save: \(didSave.isListening)")
        show(service)

        print("")
        print("7. What is on disk, read through a second connection to the file")
        let onDisk = try TaskStore(path: path, center: NotificationCenter()).allTasks()
        print(
            "   on disk: \(onDisk.map { "\($0.id ?? 0): \($0.title)\($0.isDone ? " (done)" : "")" }.joined(separator: ", "))"
        )
        print("")
        print("8. The service is released")
        let infos = service?.notificationEngine.infos ?? []
        weak let probe = service
        service = nil
        print("   service deinitialised: \(probe == nil ? "yes" : "no")")
        print("   its infos still listening: \(infos.filter(\.isListening).count) of \(infos.count)")
        print("")
    }

    private static func show(_ service: TaskSyncService?) {
        guard let service else { return }
        let error = service.lastReadError.map { ", last read failed: \($0)" } ?? ""
        print("   service: \(service.openTasks) open task(s), \(service.savesHeard) save(s) heard\(error)")
    }
}

/// What the one-shot listener heard, in order. Handlers are `@Sendable`, so the list lives behind a lock.
final class Heard: Sendable {
    private let changes = Mutex<[TaskChanges?]>([])

    /// Records what one notification carried (`nil` when it carried no changes, which this store never posts).
    func append(_ change: TaskChanges?) {
        changes.withLock { $0.append(change) }
    }

    /// Everything heard since the last call, one save per entry, or `nothing`.
    func takeAllDescribed() -> String {
        let taken = changes.withLock { changes in
            defer { changes.removeAll() }
            return changes
        }
        if taken.isEmpty { return "nothing" }
        return taken.map { $0.map { "a save that \($0)" } ?? "a notification without changes" }
            .joined(separator: " | ")
    }
}
