// Compiled unchanged in each module setting by .ci/consumer-settings.sh; .ci/check-readme-snippets.sh --owners
// checks that every owner block of the articles stands here verbatim.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let appWillEnterForeground = Notification.Name("AppWillEnterForeground")
    nonisolated static let appDidEnterBackground = Notification.Name("AppDidEnterBackground")
    nonisolated static let memoryPressure = Notification.Name("MemoryPressure")
    nonisolated static let recordDidChangeLocally = Notification.Name("RecordDidChangeLocally")
    nonisolated static let networkDidBecomeReachable = Notification.Name("NetworkDidBecomeReachable")
    nonisolated static let syncTimerDidFire = Notification.Name("SyncTimerDidFire")
    nonisolated static let uploadDidFinish = Notification.Name("UploadDidFinish")
    nonisolated static let uploadDidFail = Notification.Name("UploadDidFail")
}

extension Notification {
    var recordID: String { userInfo?["id"] as? String ?? "" }
}

extension Lifespan {
    nonisolated static let syncing = Lifespan.custom("syncing")
}

// "Lifespans".
extension Notification.Name {
    nonisolated static let draftDidAutosave =
        Notification.Name("DraftDidAutosave")
}

extension Lifespan {
    nonisolated static let composing = Lifespan.custom("composing")
}

final class ReplyController: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addNotificationInfo(
            forName: .draftDidAutosave,
            lifespan: .composing
        ) { reply, _ in
            reply.autosaves += 1
        }
    }

    private(set) var autosaves = 0

    func startComposing() {
        notificationEngine.start(.composing)
    }

    func stopComposing() {
        notificationEngine.stop(.composing)
    }
}

final class Uploader: Sendable {}

/// The article's fragment of `Examples/SyncService`'s engine, in a class that gives it what it calls.
final class SyncEngine: ControllerBase {
    let uploader = Uploader()
    private(set) var pending: [String] = []
    private(set) var lines: [String] = []

    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding("trimCache", onMainActor: { (engine: SyncEngine, _) in engine.handled("trim") })
            .adding("recordDidChange:", onMainActor: { (engine: SyncEngine, _) in engine.handled("change") })
            .adding("networkDidBecomeReachable:", onMainActor: { (engine: SyncEngine, _) in engine.sync() })
            .adding("uploadDidFail:", onMainActor: { (engine: SyncEngine, _) in engine.handled("fail") })
    }

    // Excerpt of SyncEngine in Examples/SyncService: a method of the class
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        // Lifetime: from init until the engine is released.
        addLifetimeNotificationInfo(
            forName: .appWillEnterForeground
        ) { engine, _ in
            engine.handled("foreground (lifetime, closure): appear()")
            engine.appear()
        }
        addLifetimeNotificationInfo(
            forName: .appDidEnterBackground
        ) { engine, _ in
            engine.handled("background (lifetime, closure): disappear()")
            engine.disappear()
        }
        addLifetimeNotificationInfo(
            forName: .memoryPressure,
            selector: "trimCache"
        )
        addLifetimeNotificationInfo(
            forName: .recordDidChangeLocally,
            selector: "recordDidChange:"
        )
        // Visible: only while the app is in the foreground.
        addVisibleNotificationInfo(
            forName: .networkDidBecomeReachable,
            selector: "networkDidBecomeReachable:"
        )
        addVisibleNotificationInfo(forName: .syncTimerDidFire) { engine, _ in
            engine.handled("syncTimerDidFire (visible, closure): sync")
            engine.sync()
        }
        // Custom: only while a sync runs, and only results of our own uploader.
        addNotificationInfo(
            forName: .uploadDidFinish,
            object: uploader,
            lifespan: .syncing
        ) { engine, note in
            engine.handled(
                "uploadDidFinish (syncing, closure): \(note.recordID) sent"
            )
            engine.pending.removeAll { $0 == note.recordID }
        }
        addNotificationInfo(
            forName: .uploadDidFail,
            selector: "uploadDidFail:",
            object: uploader,
            lifespan: .syncing
        )
    }

    func sync() { handled("sync") }

    private func handled(_ line: String) { lines.append(line) }
}
