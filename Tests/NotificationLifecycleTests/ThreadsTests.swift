import Foundation
import Testing

@testable import NotificationLifecycle

/// The README's "Threads" section, checked: what may cross threads, and how a thread-safe controller adds one
/// main-actor closure without making the whole class main-actor isolated.
@Suite("Threads")
struct ThreadsTests {
    let center = NotificationCenter()

    /// A controller used from several threads: its state behind a lock, so `@unchecked Sendable` is true.
    final class Counter: ControllerBase, @unchecked Sendable {
        static let tick = Notification.Name("ThreadsTests.tick")
        private let count = LockedValueBox(0)
        var value: Int { count.withLock { $0 } }

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            // A static name of a non-isolated class, read from the non-isolated populate.
            addVisibleNotificationInfo(forName: Self.tick) { counter, _ in counter.count.withLock { $0 += 1 } }
        }
    }

    @Test func theEngineCrossesThreadsAndTheControllerStaysWhereItIs() async {
        let counter = Counter(notificationCenter: center)
        let engine = counter.notificationEngine  // NotificationEngine is Sendable
        await Task.detached { engine.appear() }.value
        let info = engine.infos[0]  // NotificationInfo is Sendable too
        await Task.detached { [center] in center.post(name: Counter.tick, object: nil) }.value
        #expect(counter.value == 1)
        #expect(await Task.detached { info.isListening }.value)
    }
}

/// The extension form: the class stays non-isolated (its static names work in populate), and only the shorthands
/// of the protocol are main-actor.
final class MixedController: ControllerBase, @unchecked Sendable {
    static let themeDidChange = Notification.Name("ThreadsTests.themeDidChange")
    @MainActor var themeChanges = 0

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: Self.themeDidChange) { @MainActor controller, _ in
            controller.themeChanges += 1
        }
    }
}

extension MixedController: MainActorNotificationEngineOwner {}

extension ThreadsTests {
    @MainActor
    @Test func aMainActorClosureInANonIsolatedControllerRunsOnTheMainActor() {
        let controller = MixedController(notificationCenter: center)
        center.post(name: MixedController.themeDidChange, object: nil)
        #expect(controller.themeChanges == 1)
    }
}
