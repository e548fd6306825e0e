import Foundation
import NotificationLifecycle
import Testing

/// Checks the rules of the article "Lifespans" that no README test covers.
@Suite("DocC: lifespans")
@MainActor
struct LifespansArticleTests {
    let center = NotificationCenter()

    @Test func appearTwiceAndDisappearTwiceChangeNothing() {
        let controller = ScreenController(notificationCenter: center)
        let visible = controller.notificationEngine.infos.filter { $0.lifespan == .visible }
        let rules = reportedRules {
            controller.appear()
            for info in visible { info.stopListening() }
            controller.appear()  // already appeared: the info stopped on its own stays stopped
        }
        #expect(rules.isEmpty)
        #expect(visible.allSatisfy { !$0.isListening })
        controller.disappear()
        controller.disappear()
        #expect(!controller.notificationEngine.isActive(.visible))
    }

    @Test func startRestartsAnInfoStoppedOnItsOwnAndStopStopsThemAll() {
        let controller = ScreenController(notificationCenter: center)
        let editing = controller.notificationEngine.infos.filter { $0.lifespan == .editing }
        #expect(editing.count == 1)
        controller.notificationEngine.start(.editing)
        editing[0].stopListening()
        controller.notificationEngine.start(.editing)
        #expect(editing[0].isListening)
        controller.notificationEngine.stop(.editing)
        #expect(!editing[0].isListening)
    }

    @Test func aFinishedEngineReportsStartingButNotStopping() {
        var controller: ScreenController? = ScreenController(notificationCenter: center)
        let engine = controller!.notificationEngine
        controller = nil
        #expect(reportedRules { engine.start(.editing) } == [.engineFinished])
        #expect(reportedRules { engine.stop(.editing) }.isEmpty)
    }

    /// "The engine of another NotificationEngineOwner finishes with stopAll() or its own release: kept after its owner
    /// is gone, it still runs, and starting an info of the gone owner is reported as observerReleased." (The rule
    /// said "once the owner is released" of every owner; such an engine reported no engineFinished.)
    @Test func anEngineKeptAfterItsOwnerIsGoneStillRunsUntilStopAll() {
        var owner: PausingOwner? = PausingOwner(center: center)
        let engine = owner!.notificationEngine
        owner = nil
        #expect(reportedRules { engine.start(.editing) } == [.observerReleased])
        #expect(engine.isActive(.editing))
        engine.stopAll()
        #expect(reportedRules { engine.start(.editing) } == [.engineFinished])
    }
}

/// An owner that is not a controller, with one info of a custom lifespan.
@MainActor
private final class PausingOwner: MainActorNotificationEngineOwner {
    let notificationEngine: NotificationEngine

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addNotificationInfo(forName: .ping, lifespan: .editing) { _, _ in }
    }
}
