import ExampleSupport
import Foundation
import NotificationLifecycle

/// A long-lived sync engine that keeps a cache and uploads local changes.
///
/// - Lifetime listeners: app foreground/background (they drive `appear()` and `disappear()`), memory pressure, local
///   changes.
/// - Visible listeners, which here mean "while the app is in the foreground": network reachability and the sync
///   timer, both of which start a sync.
/// - Custom `syncing` listeners: upload results, only while a sync runs.
final class SyncEngine: ControllerBase {
    let uploader: Uploader
    private(set) var pending: [String] = []
    private(set) var cache: [String: String] = [:]
    /// How many handlers ran; the driver uses it to show that a post was not heard.
    private(set) var handlerCalls = 0

    init(uploader: Uploader) {
        self.uploader = uploader
        super.init()
    }

    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding("trimCache", SyncEngine.trimCache)
            .adding("recordDidChange:", SyncEngine.recordDidChange)
            .adding("networkDidBecomeReachable:", SyncEngine.networkDidBecomeReachable)
            .adding("uploadDidFail:", SyncEngine.uploadDidFail)
    }

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

    /// Uploads what is pending, listening to upload results only meanwhile.
    func sync() {
        guard !pending.isEmpty else {
            narrate("    nothing to sync")
            return
        }
        narrate("    sync starts: uploading \(pending.joined(separator: ", "))")
        notificationEngine.start(.syncing)
        narrate("    registrations while syncing:")
        for line in RegistrationTable.lines(for: notificationEngine.infos) {
            narrate("      \(line)")
        }
        uploader.upload(pending)
        notificationEngine.stop(.syncing)
        narrate("    sync ends: \(pending.isEmpty ? "nothing" : pending.joined(separator: ", ")) left for the next one")
    }

    func trimCache() {
        handled("trimCache (lifetime, selector): dropped \(cache.count) cached record(s)")
        cache.removeAll()
    }

    func recordDidChange(_ notification: Notification) {
        let id = notification.recordID
        handled("recordDidChange: (lifetime, selector): \(id) queued")
        cache[id] = notification.userInfo?["title"] as? String
        if !pending.contains(id) { pending.append(id) }
    }

    func networkDidBecomeReachable(_ notification: Notification) {
        handled("networkDidBecomeReachable: (visible, selector): sync")
        sync()
    }

    func uploadDidFail(_ notification: Notification) {
        handled("uploadDidFail: (syncing, selector): \(notification.recordID) kept for retry")
    }

    private func narrate(_ line: String) {
        print(line)
    }

    private func handled(_ line: String) {
        handlerCalls += 1
        narrate("    \(line)")
    }
}
