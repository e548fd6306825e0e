import Foundation
import Testing

@testable import NotificationLifecycle

/// A nonisolated service used from several threads: an engine owner that protects its own state, so Sendable.
final class SyncService: NotificationEngineOwner, @unchecked Sendable {
    // Safe: `pending` is only touched through `lock`.
    let notificationEngine: NotificationEngine
    private let lock = NSLock()
    private var pending = 0

    init(notificationCenter: NotificationCenter) {
        notificationEngine = NotificationEngine(center: notificationCenter)
        addLifetimeNotificationInfo(forName: .ping) { service, _ in service.enqueue() }
        addVisibleNotificationInfo(forName: .pong) { service, _ in service.enqueue() }
    }

    var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return pending
    }

    private func enqueue() {
        lock.lock()
        pending += 1
        lock.unlock()
    }
}

/// A main-actor screen model whose handlers update main-actor state.
@MainActor
final class ScreenModel: ControllerBase {
    private(set) var title = "idle"
    private(set) var refreshes = 0

    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("refresh:", onMainActor: { (model: ScreenModel, _) in model.refresh() })
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .ping) { model, note in
            model.title = note.name.rawValue
        }
        addVisibleNotificationInfo(forName: .pong, selector: "refresh:")
    }

    func refresh() {
        refreshes += 1
    }
}

@Suite("Concurrency shapes")
@MainActor
struct ConcurrencyShapeTests {
    let center = NotificationCenter()

    @Test func nonisolatedServiceCanBeUsedFromSeveralThreads() {
        let service = SyncService(notificationCenter: center)
        let center = center
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            switch index % 4 {
            case 0: service.notificationEngine.appear()
            case 1: service.notificationEngine.disappear()
            case 2: center.post(name: .ping, object: nil)
            default: center.post(name: .pong, object: nil)
            }
        }
        // Quiet now: the visible info listens exactly when the service is appeared.
        let visible = service.notificationEngine.infos[1]
        #expect(visible.isListening == service.notificationEngine.isActive(.visible))
        #expect(service.notificationEngine.infos[0].isListening)
        #expect(service.pendingCount >= 50)
    }

    @MainActor
    @Test func mainActorHandlersRunAtOnceForMainThreadPosts() {
        let model = ScreenModel(notificationCenter: center)
        model.appear()
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        #expect(model.title == Notification.Name.ping.rawValue)
        #expect(model.refreshes == 1)
        model.disappear()
        center.post(name: .pong, object: nil)
        #expect(model.refreshes == 1)
    }

    @MainActor
    @Test func mainActorHandlersAreScheduledForBackgroundPosts() async {
        let model = ScreenModel(notificationCenter: center)
        model.appear()
        let center = center
        await Task.detached { center.post(name: .pong, object: nil) }.value
        for _ in 0..<1000 where model.refreshes == 0 {
            await Task.yield()
        }
        #expect(model.refreshes == 1)
    }

    @MainActor
    @Test func mainActorHandlerScheduledBeforeStopDoesNotRunAfterIt() async {
        let model = ScreenModel(notificationCenter: center)
        model.appear()
        let center = center
        let posted = Recorder<Int>()
        // Post from another thread while the main actor stays busy in this synchronous stretch, so the handler
        // call is scheduled, then stop before the main actor is free to run it: the call must be dropped.
        Thread.detachNewThread {
            center.post(name: .pong, object: nil)
            posted.record(1)
        }
        while posted.count == 0 { usleep(100) }
        model.disappear()
        for _ in 0..<100 { await Task.yield() }
        #expect(model.refreshes == 0)
    }
}
