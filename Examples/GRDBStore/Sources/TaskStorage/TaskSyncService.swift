public import Foundation
public import NotificationLifecycle
import Synchronization

extension Lifespan {
    /// While a ``TaskSyncService`` sync runs: between ``TaskSyncService/startSync()`` and
    /// ``TaskSyncService/finishSync()``.
    public static let syncing = Lifespan.custom("syncing")
}

/// Keeps a badge of open tasks for as long as it lives, and collects the tasks to upload while a sync runs.
///
/// Both listen to the same store's `taskStoreDidSave` under different lifespans:
/// - lifetime: after every committed save, reads the open-task count from the store (the save is committed, so
///   the read sees it);
/// - `.syncing`: adds each save's changes to the outbox that ``finishSync()`` hands over.
///
/// A service, not main-actor: it owns a ``NotificationEngine`` and is `Sendable`, its state behind a `Mutex`, so its
/// handlers may run on whichever thread saves.
public final class TaskSyncService: NotificationEngineOwner, Sendable {
    /// The engine that holds the service's two listeners.
    public let notificationEngine: NotificationEngine
    /// The store listened to; saves of other stores are not heard.
    public let store: TaskStore
    // Handlers run on the saving thread, which need not be the thread that reads the state.
    private let state: Mutex<State>

    private struct State {
        var openTasks: Int
        var savesHeard = 0
        var outbox = TaskChanges()
        var lastReadError: String?
    }

    /// Makes the service; it listens to `store` from now until it is released.
    ///
    /// - Parameters:
    ///   - store: The store to listen to.
    ///   - center: The center the store posts to.
    public init(store: TaskStore, center: NotificationCenter) throws {
        self.store = store
        state = Mutex(State(openTasks: try store.openTaskCount()))
        notificationEngine = NotificationEngine(center: center)
        addLifetimeNotificationInfo(forName: .taskStoreDidSave, object: store) { service, _ in
            service.refreshBadge()
        }
        addNotificationInfo(forName: .taskStoreDidSave, object: store, lifespan: .syncing) { service, note in
            guard let changes = TaskChanges(note) else { return }
            service.state.withLock { $0.outbox.formUnion(changes) }
        }
    }

    /// The number of open tasks, as of the last save heard.
    public var openTasks: Int { state.withLock { $0.openTasks } }

    /// How many saves the lifetime listener heard.
    public var savesHeard: Int { state.withLock { $0.savesHeard } }

    /// The error of the last failed badge read, if the last read failed.
    public var lastReadError: String? { state.withLock { $0.lastReadError } }

    /// Whether a sync is running.
    public var isSyncing: Bool { notificationEngine.isActive(.syncing) }

    /// Starts a sync: from now on, saves are collected for upload.
    public func startSync() {
        notificationEngine.start(.syncing)
    }

    /// Ends the sync and hands over what was saved during it.
    ///
    /// - Returns: The net changes of the saves made since ``startSync()``.
    public func finishSync() -> TaskChanges {
        notificationEngine.stop(.syncing)
        return state.withLock { state in
            defer { state.outbox = TaskChanges() }
            return state.outbox
        }
    }

    private func refreshBadge() {
        do {
            let openTasks = try store.openTaskCount()
            state.withLock {
                $0.openTasks = openTasks
                $0.savesHeard += 1
                $0.lastReadError = nil
            }
        } catch {
            state.withLock {
                $0.savesHeard += 1
                $0.lastReadError = "\(error)"
            }
        }
    }
}
