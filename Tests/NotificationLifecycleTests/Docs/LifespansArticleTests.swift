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
}
