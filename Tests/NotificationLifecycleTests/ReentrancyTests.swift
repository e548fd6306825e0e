import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("Handlers that change the lifecycle while being delivered")
@MainActor
struct ReentrancyTests {
    let center = NotificationCenter()

    @Test func handlerMayCallDisappear() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addVisibleNotificationInfo(forName: .ping) { c, _ in
            c.events.record("first")
            c.disappear()
        }
        controller.addVisibleNotificationInfo(forName: .ping) { c, _ in
            c.events.record("second")
            c.disappear()
        }
        controller.appear()
        center.post(name: .ping, object: nil)
        // Whichever runs first stops both; the other, already in Foundation's snapshot, is not called.
        #expect(controller.events.count == 1)
        #expect(!controller.notificationEngine.isActive(.visible))
        #expect(controller.notificationEngine.infos.allSatisfy { !$0.isListening })
    }

    @Test func handlerMayStopOrRemoveItsOwnInfo() {
        let controller = ScriptedController(notificationCenter: center)
        let box = LockedValueBox<NotificationInfo?>(nil)
        let info = controller.addLifetimeNotificationInfo(forName: .ping) { c, _ in
            c.events.record("ping")
            if let own = box.withLock({ $0 }) { c.notificationEngine.remove(own) }
        }
        box.withLock { $0 = info }
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: nil)
        #expect(controller.events.events == ["ping"])
        #expect(controller.notificationEngine.infos.isEmpty)
        #expect(!info.isListening)
    }

    @Test func handlerMayAddInfos() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addLifetimeNotificationInfo(forName: .ping) { c, _ in
            c.events.record("ping")
            c.addLifetimeNotificationInfo(forName: .pong) { c, _ in c.events.record("pong") }
        }
        let rules = reportedRules {
            center.post(name: .ping, object: nil)
            center.post(name: .ping, object: nil)  // the second add is the same closure: refused
        }
        center.post(name: .pong, object: nil)
        #expect(rules == [.duplicateRegistration])
        #expect(controller.events.events == ["ping", "ping", "pong"])
        #expect(controller.notificationEngine.infos.count == 2)
    }

    @Test func handlerMayDropTheLastReferenceToItsController() {
        let holder = LockedValueBox<ScriptedController?>(nil)
        let released = Recorder<Int>()
        do {
            let controller = ScriptedController(notificationCenter: center)
            controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in
                holder.withLock { $0 = nil }
                released.record(1)
            }
            controller.addVisibleNotificationInfo(forName: .ping) { _, _ in
                holder.withLock { $0 = nil }
                released.record(2)
            }
            controller.appear()
            holder.withLock { $0 = controller }
        }
        weak let probe = holder.withLock { $0 }
        center.post(name: .ping, object: nil)
        #expect(isGone(probe))
        #expect(released.count == 1)
        #expect(RegistrationLedger.infos(on: center).isEmpty)
        center.post(name: .ping, object: nil)
        #expect(released.count == 1)
    }

    /// Runs `body` on another thread and answers whether it returned within 30 seconds: a deadlock fails the test
    /// instead of hanging the run, and a loaded machine, where the thread may wait long to run, does not.
    private func returnsWithoutDeadlock(_ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + 30) == .success
    }

    @Test func anEngineReleasesTheLastReferenceToAnInfoOutsideItsLock() {
        // The engine holds the only reference to the info, whose closure holds the only reference to an object
        // whose deinit calls the engine. Releasing the info runs that deinit: never under the engine's lock.
        final class CallsTheEngineWhenReleased: @unchecked Sendable {
            weak var engine: NotificationEngine?
            let released: Recorder<String>

            init(engine: NotificationEngine, released: Recorder<String>) {
                self.engine = engine
                self.released = released
            }

            deinit {
                engine?.stop(.custom("other"))
                released.record("deinit")
            }
        }
        let released = Recorder<String>()
        let engine = NotificationEngine(center: center)
        do {
            let captured = CallsTheEngineWhenReleased(engine: engine, released: released)
            engine.add(NotificationInfo(name: .ping, center: center) { _ in _ = captured })
        }
        #expect(returnsWithoutDeadlock { engine.stopAll() })
        #expect(released.events == ["deinit"])
    }

    @Test func handlerMayPostAnotherNotification() {
        let controller = ScriptedController(notificationCenter: center)
        let center = center
        controller.addLifetimeNotificationInfo(forName: .ping) { c, _ in
            c.events.record("ping")
            center.post(name: .pong, object: nil)
        }
        controller.addLifetimeNotificationInfo(forName: .pong) { c, _ in c.events.record("pong") }
        center.post(name: .ping, object: nil)
        #expect(controller.events.events == ["ping", "pong"])
    }

    @Test func handlerMayStartAndStopACustomLifespan() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addNotificationInfo(forName: .pong, lifespan: .editing) { c, _ in c.events.record("pong") }
        controller.addLifetimeNotificationInfo(forName: .ping) { c, note in
            if c.notificationEngine.isActive(.editing) {
                c.notificationEngine.stop(.editing)
            } else {
                c.notificationEngine.start(.editing)
            }
        }
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        #expect(controller.events.events == ["pong"])
    }
}
