import Foundation
import GRDB
import NotificationLifecycle
import Synchronization
import TaskStorage
import Testing

@Suite("TaskStore posts what a committed write changed")
struct TaskStoreTests {
    @Test func eachCommittedSavePostsItsInsertedUpdatedAndDeletedRows() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let recorder = SaveRecorder()
            let senders = Mutex<[Bool]>([])
            let info = NotificationInfo(name: .taskStoreDidSave, center: center) { note in
                senders.withLock { $0.append((note.object as? TaskStore) === store) }
                recorder.record(note)
            }
            info.startListening()
            defer { info.stopListening() }

            let (milk, ada) = try store.save { db in
                (try insertTask("Buy milk", in: db), try insertTask("Call Ada", in: db))
            }
            try store.save { db in _ = try TaskItem.filter(id: milk).updateAll(db, Column("isDone").set(to: true)) }
            try store.save { db in _ = try TaskItem.deleteOne(db, id: ada) }

            #expect(
                recorder.all == [
                    TaskChanges(inserted: [milk, ada]),  // one save, one notification for both rows
                    TaskChanges(updated: [milk]),  // the update
                    TaskChanges(deleted: [ada]),  // the deletion
                ]
            )
            #expect(senders.withLock { $0 } == [true, true, true])
        }
    }

    @Test func handlersRunAfterTheCommitAndSeeTheRowsOnDisk() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let seenOnDisk = Mutex<[[String]]>([])
            let info = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { _ in
                // A second connection sees only committed data: the save's rows are there when the handler runs.
                let titles = (try? tasksOnDisk(at: path).map(\.title)) ?? ["<read failed>"]
                seenOnDisk.withLock { $0.append(titles) }
            }
            info.startListening()
            defer { info.stopListening() }

            try store.save { db in try insertTask("Buy milk", in: db) }
            try store.save { db in try insertTask("Call Ada", in: db) }

            #expect(seenOnDisk.withLock { $0 } == [["Buy milk"], ["Buy milk", "Call Ada"]])
        }
    }

    @Test func oneSaveReportsItsNetEffect() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let (kept, gone) = try store.save { db in
                (try insertTask("Keep", in: db), try insertTask("Drop", in: db))
            }
            let recorder = SaveRecorder()
            let info = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { recorder.record($0) }
            info.startListening()
            defer { info.stopListening() }

            let (added, transient) = try store.save { db in
                let added = try insertTask("Added", in: db)
                _ = try TaskItem.filter(id: added).updateAll(db, Column("isDone").set(to: true))  // still inserted
                let transient = try insertTask("Transient", in: db)
                _ = try TaskItem.deleteOne(db, id: transient)  // inserted and deleted: not reported
                _ = try TaskItem.filter(id: kept).updateAll(db, Column("title").set(to: "Kept"))
                _ = try TaskItem.filter(id: gone).updateAll(db, Column("isDone").set(to: true))
                _ = try TaskItem.deleteOne(db, id: gone)  // updated then deleted: only deleted
                return (added, transient)
            }

            #expect(recorder.all == [TaskChanges(inserted: [added], updated: [kept], deleted: [gone])])
            #expect(try !tasksOnDisk(at: path).contains { $0.id == transient })
        }
    }

    @Test func aSavepointRolledBackInsideACommittedSaveIsNotReported() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let recorder = SaveRecorder()
            let info = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { recorder.record($0) }
            info.startListening()
            defer { info.stopListening() }

            let kept = try store.save { db in
                let kept = try insertTask("Kept", in: db)
                try db.inSavepoint {
                    try insertTask("Undone", in: db)
                    return .rollback
                }
                return kept
            }

            #expect(recorder.all == [TaskChanges(inserted: [kept])])
            #expect(try tasksOnDisk(at: path).map(\.title) == ["Kept"])
        }
    }

    @Test func aSaveThatChangesNoTaskPostsNothing() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let recorder = SaveRecorder()
            let info = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { recorder.record($0) }
            info.startListening()
            defer { info.stopListening() }

            let updated = try store.save { db in
                try TaskItem.filter(id: 42).updateAll(db, Column("isDone").set(to: true))
            }

            #expect(updated == 0)
            #expect(recorder.all.isEmpty)
        }
    }

    @Test func aConstraintViolationRollsTheWholeSaveBackAndPostsNothing() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            try store.save { db in try insertTask("Water plants", in: db) }
            let recorder = SaveRecorder()
            let info = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { recorder.record($0) }
            info.startListening()
            defer { info.stopListening() }

            let error = #expect(throws: DatabaseError.self) {
                try store.save { db in
                    try insertTask("Pay rent", in: db)  // succeeds, and is seen by the store's observer...
                    try insertTask("Water plants", in: db)  // ...until this violates the unique title
                }
            }

            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(recorder.all.isEmpty)
            #expect(try tasksOnDisk(at: path).map(\.title) == ["Water plants"])
            // The next save reports only its own row, nothing left over from the rolled-back one.
            let rent = try store.save { db in try insertTask("Pay rent", in: db) }
            #expect(recorder.all == [TaskChanges(inserted: [rent])])
        }
    }

    @Test func anErrorThrownByTheCallerRollsTheSaveBackAndPostsNothing() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let recorder = SaveRecorder()
            let info = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { recorder.record($0) }
            info.startListening()
            defer { info.stopListening() }

            #expect(throws: AbandonedEdit.self) {
                try store.save { db in
                    try insertTask("Half done", in: db)
                    throw AbandonedEdit()
                }
            }

            #expect(recorder.all.isEmpty)
            #expect(try tasksOnDisk(at: path).isEmpty)
        }
    }

    @Test func tasksAreKeptInTheDatabaseFile() throws {
        try withTemporaryDatabase { path in
            do {
                let store = try TaskStore(path: path, center: NotificationCenter())
                try store.save { db in
                    try insertTask("Buy milk", isDone: true, in: db)
                    try insertTask("Call Ada", in: db)
                }
            }
            #expect(FileManager.default.fileExists(atPath: path))

            let reopened = try TaskStore(path: path, center: NotificationCenter())

            #expect(try reopened.allTasks().map(\.title) == ["Buy milk", "Call Ada"])
            #expect(try reopened.openTaskCount() == 1)
        }
    }
}

@Suite("TaskChanges keeps the net effect of several writes")
struct TaskChangesTests {
    @Test func aLaterWriteCancelsOrNarrowsAnEarlierOne() {
        var changes = TaskChanges(inserted: [1, 2], updated: [3, 4], deleted: [5])
        changes.formUnion(TaskChanges(updated: [1, 3], deleted: [2, 4]))
        // 1: inserted then updated, still inserted; 2: inserted then deleted, gone; 3: updated twice;
        // 4: updated then deleted, deleted; 5: untouched.
        #expect(changes == TaskChanges(inserted: [1], updated: [3], deleted: [4, 5]))
    }

    @Test func aRowIDDeletedAndInsertedAgainIsAnUpdate() {
        var changes = TaskChanges(deleted: [7])
        changes.recordInsert(7)
        #expect(changes == TaskChanges(updated: [7]))
    }

    @Test func theDescriptionListsIDsInAscendingOrder() {
        #expect(
            TaskChanges(inserted: [3, 1, 2], deleted: [9]).description
                == "inserted 1, 2, 3; updated none; deleted 9"
        )
    }
}
