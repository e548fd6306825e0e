import Foundation
import GRDB
import NotificationLifecycle
import TaskStorage
import Testing

@Suite("TaskSyncService listens under the lifetime and syncing lifespans")
struct TaskSyncServiceTests {
    @Test func theLifetimeListenerHearsEveryCommittedSaveOfItsStore() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            try store.save { db in try insertTask("Existing", in: db) }
            let otherStore = try TaskStore(path: path, center: center)
            let service = try TaskSyncService(store: store, center: center)
            #expect(service.openTasks == 1)  // read at init

            let milk = try store.save { db in try insertTask("Buy milk", in: db) }
            #expect(service.openTasks == 2)
            try store.save { db in _ = try TaskItem.filter(id: milk).updateAll(db, Column("isDone").set(to: true)) }
            #expect(service.openTasks == 1)
            try otherStore.save { db in try insertTask("Other store", in: db) }  // another sender: not heard
            _ = try? store.save { db in try insertTask("Existing", in: db) }  // rolled back: nothing posted

            #expect(service.savesHeard == 2)
            #expect(service.openTasks == 1)
            #expect(service.lastReadError == nil)
        }
    }

    @Test func theSyncingListenerCollectsOnlyTheSavesMadeDuringASync() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            let service = try TaskSyncService(store: store, center: center)
            let before = try store.save { db in try insertTask("Before the sync", in: db) }

            service.startSync()
            #expect(service.isSyncing)
            let first = try store.save { db in try insertTask("First", in: db) }
            let transient = try store.save { db in try insertTask("Transient", in: db) }
            try store.save { db in
                _ = try TaskItem.filter(id: before).updateAll(db, Column("isDone").set(to: true))
                _ = try TaskItem.deleteOne(db, id: transient)  // inserted during this sync: cancels out
            }
            let outbox = service.finishSync()
            try store.save { db in try insertTask("After the sync", in: db) }

            #expect(!service.isSyncing)
            #expect(outbox == TaskChanges(inserted: [first], updated: [before]))
            #expect(service.savesHeard == 5)  // the lifetime listener heard all five saves
            // The next sync starts from an empty outbox: nothing saved since is in it.
            service.startSync()
            #expect(service.finishSync().isEmpty)
        }
    }

    @Test func aReleasedServiceStopsAllItsListeners() throws {
        try withTemporaryDatabase { path in
            let center = NotificationCenter()
            let store = try TaskStore(path: path, center: center)
            var service: TaskSyncService? = try TaskSyncService(store: store, center: center)
            service?.startSync()
            let infos = service?.notificationEngine.infos ?? []
            #expect(infos.map(\.lifespan) == [.lifetime, .syncing])
            #expect(infos.allSatisfy { $0.isListening })

            weak let probe = service
            service = nil

            #expect(probe == nil)
            #expect(infos.allSatisfy { !$0.isListening })
            try store.save { db in try insertTask("After the release", in: db) }  // nobody left to hear it
        }
    }
}
