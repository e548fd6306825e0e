import Foundation
import Testing

@testable import NotificationLifecycle

/// The README's "Threads" section, checked: a controller is main-actor and its engine crosses threads; a service
/// that is not main-actor owns an engine, is `Sendable`, and its closures run on the posting thread; an owner that
/// adopts the main-actor protocol in an extension keeps its own isolation and gets main-actor closures.
@Suite("Threads")
@MainActor
struct ThreadsTests {
    let center = NotificationCenter()

    /// A controller: main-actor, so its closures use its state with no lock.
    final class Counter: ControllerBase {
        static let tick = Notification.Name("ThreadsTests.tick")
        private(set) var value = 0

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            addVisibleNotificationInfo(forName: Self.tick) { counter, _ in counter.value += 1 }
        }
    }

    @Test func theEngineCrossesThreadsAndTheControllersClosureRunsOnTheMainActor() async {
        let counter = Counter(notificationCenter: center)
        let engine = counter.notificationEngine  // NotificationEngine is Sendable
        await Task.detached { engine.appear() }.value
        let info = engine.infos[0]  // NotificationInfo is Sendable too
        let tick = Counter.tick
        await Task.detached { [center] in center.post(name: tick, object: nil) }.value
        // Posted on another thread, the closure was scheduled on the main actor: it runs once this test lets it.
        for _ in 0..<1000 where counter.value == 0 { await Task.yield() }
        #expect(counter.value == 1)
        #expect(await Task.detached { info.isListening }.value)
    }

    /// A service that is not main-actor: `Sendable` by a lock around its state, its closures on the posting thread.
    final class Tally: NotificationEngineOwner, Sendable {
        static let tick = Notification.Name("ThreadsTests.tally")
        let notificationEngine: NotificationEngine
        private let count = LockedValueBox(0)
        var value: Int { count.withLock { $0 } }

        init(center: NotificationCenter) {
            notificationEngine = NotificationEngine(center: center)
            addNotificationInfo(forName: Self.tick) { tally, _ in tally.count.withLock { $0 += 1 } }
        }
    }

    @Test func aSendableServicesClosureRunsOnThePostingThread() async {
        let tally = Tally(center: center)
        let tick = Tally.tick
        await Task.detached { [center] in center.post(name: tick, object: nil) }.value
        #expect(tally.value == 1)
    }
}

/// The extension form: the class stays non-isolated (its static names work anywhere), and only the shorthands of the
/// protocol are main-actor.
final class MixedOwner: NotificationEngineOwner, @unchecked Sendable {
    // Safe: `themeChanges` is only touched on the main actor.
    static let themeDidChange = Notification.Name("ThreadsTests.themeDidChange")
    let notificationEngine: NotificationEngine
    @MainActor var themeChanges = 0

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addLifetimeNotificationInfo(forName: Self.themeDidChange) { owner, _ in
            owner.themeChanges += 1
        }
    }
}

extension MixedOwner: MainActorNotificationEngineOwner {}

extension ThreadsTests {
    @Test func aMainActorClosureOfANonIsolatedOwnerRunsOnTheMainActor() {
        let owner = MixedOwner(center: center)
        center.post(name: MixedOwner.themeDidChange, object: nil)
        #expect(owner.themeChanges == 1)
    }
}
