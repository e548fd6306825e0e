import Foundation
import GRDB
import NotificationLifecycle
import TaskStorage
import Testing

@Suite("listen(during:) around one save")
struct ListenAroundSaveTests {
    @Test func itHearsTheSaveItWrapsAndNoOther() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            // Another store on the same file and center: its saves are filtered out by `object: store`.
            let otherStore = try TaskStore(path: path, center: center)
            let recorder = SaveRecorder()
            let didSave = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { note in
                recorder.record(note)
            }
            try store.save { db in try insertTask("Before", in: db) }

            let (during, listeningInside) = try didSave.listen(during: {
                try otherStore.save { db in try insertTask("Other store", in: db) }
                let id = try store.save { db in try insertTask("During", in: db) }
                return (id, didSave.isListening)
            })
            try store.save { db in try insertTask("After", in: db) }

            #expect(listeningInside)
            #expect(!didSave.isListening)
            #expect(recorder.all == [TaskChanges(inserted: [during])])
        }
    }

    @Test func itStopsWhenTheSaveThrowsAndHearsNothing() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            try store.save { db in try insertTask("Water plants", in: db) }
            let recorder = SaveRecorder()
            let didSave = NotificationInfo(name: .taskStoreDidSave, object: store, center: center) { note in
                recorder.record(note)
            }

            let error = #expect(throws: DatabaseError.self) {
                try didSave.listen(during: {
                    try store.save { db in
                        try insertTask("Pay rent", in: db)
                        try insertTask("Water plants", in: db)  // violates the unique title: all rolled back
                    }
                })
            }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(!didSave.isListening)
            try store.save { db in try insertTask("After the failure", in: db) }  // not listening any more
            #expect(recorder.all.isEmpty)

            // The same info can wrap a later save, and hears that one.
            let retried = try didSave.listen(during: { try store.save { db in try insertTask("Pay rent", in: db) } })
            #expect(recorder.all == [TaskChanges(inserted: [retried])])
            #expect(!didSave.isListening)
        }
    }
}
