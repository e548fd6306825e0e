import Foundation
import Testing

@testable import NotificationLifecycle

/// What `populateNotificationInfos()` may do, and what an info made there means by "no center".
@Suite("Populate phase")
@MainActor
struct PopulatePhaseTests {
    let center = NotificationCenter()

    /// Declares one lifetime info, then (wrongly) calls `stopAll()` during populate.
    final class StopsAllWhilePopulating: ControllerBase {
        let heard = Recorder<String>()

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            addLifetimeNotificationInfo(forName: .ping) { controller, _ in controller.heard.record("ping") }
            notificationEngine.stopAll()
        }
    }

    /// Declares one lifetime info, then (wrongly) calls `stop(.lifetime)` during populate.
    final class StopsLifetimeWhilePopulating: ControllerBase {
        let heard = Recorder<String>()

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            addLifetimeNotificationInfo(forName: .ping) { controller, _ in controller.heard.record("ping") }
            notificationEngine.stop(.lifetime)
        }
    }

    /// Adds a long-form info that names no center, as the README's save example does outside a controller.
    final class AddsALongFormInfo: ControllerBase {
        let heard = Recorder<String>()

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            let heard = heard
            notificationEngine.add(NotificationInfo(name: .ping) { _ in heard.record("ping") })
        }
    }

    @Test func stopAllDuringPopulateIsRefusedReportedAndTheControllerRuns() {
        var controller: StopsAllWhilePopulating?
        let rules = reportedRules { controller = StopsAllWhilePopulating(notificationCenter: center) }
        #expect(rules == [.populateMisuse])
        guard let controller else { return }
        #expect(controller.notificationEngine.infos.count == 1)
        center.post(name: .ping, object: nil)
        #expect(controller.heard.events == ["ping"])
        // The engine is not finished: it still adds and starts.
        let added = reportedRules {
            controller.addVisibleNotificationInfo(forName: .pong) { controller, _ in controller.heard.record("pong") }
        }
        #expect(added.isEmpty)
    }

    /// Lifespans.md: "Lifecycle calls made inside populateNotificationInfos() are reported (populateMisuse)", and
    /// Diagnostics.md lists `stop(_:)` among them: `stop(.lifetime)` there too, not `lifetime-stop`.
    @Test func stopLifetimeDuringPopulateIsAPopulateMisuseAndChangesNothing() {
        var controller: StopsLifetimeWhilePopulating?
        let rules = reportedRules { controller = StopsLifetimeWhilePopulating(notificationCenter: center) }
        #expect(rules == [.populateMisuse])
        center.post(name: .ping, object: nil)
        #expect(controller?.heard.events == ["ping"])
    }

    /// Lifespans.md: on a finished engine "stopping is silent", `stop(.lifetime)` included: nothing is left to stop.
    @Test func stopLifetimeOnAFinishedEngineIsSilent() {
        let engine = NotificationEngine(center: center)
        engine.stopAll()
        #expect(reportedRules { engine.stop(.lifetime) }.isEmpty)
        var controller: ControllerBase? = ControllerBase(notificationCenter: center)
        let released = controller!.notificationEngine
        controller = nil
        #expect(reportedRules { released.stop(.lifetime) }.isEmpty)
        // A running engine still refuses it.
        #expect(reportedRules { NotificationEngine(center: center).stop(.lifetime) } == [.lifetimeStop])
    }

    @Test func aLongFormInfoWithoutACenterInPopulateUsesTheControllersCenter() {
        var controller: AddsALongFormInfo?
        let rules = reportedRules { controller = AddsALongFormInfo(notificationCenter: center) }
        #expect(rules.isEmpty)
        guard let controller else { return }
        #expect(controller.notificationEngine.infos.first?.center === center)
        center.post(name: .ping, object: nil)
        #expect(controller.heard.events == ["ping"])
    }

    @Test func anInfoWithoutACenterOutsidePopulateUsesTheDefaultCenter() {
        let info = NotificationInfo(name: .ping) { _ in }
        #expect(info.center === NotificationCenter.default)
    }

    /// Makes, in its populate, a controller on `.default` that declares a long-form info without a center.
    final class MakesANestedDefaultController: ControllerBase {
        private(set) var nested: AddsALongFormInfo?

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            nested = AddsALongFormInfo()
        }
    }

    @Test func aNestedDefaultControllersInfoWithoutACenterUsesItsOwnCenter() {
        var outer: MakesANestedDefaultController?
        let rules = reportedRules { outer = MakesANestedDefaultController(notificationCenter: center) }
        // Before, the nested controller's info took the outer controller's center and was refused (center-mismatch).
        #expect(rules.isEmpty)
        let nested = outer?.nested
        #expect(nested?.notificationEngine.infos.count == 1)
        #expect(nested?.notificationEngine.infos.first?.center === NotificationCenter.default)
        #expect(nested?.notificationEngine.infos.first?.isListening == true)
    }
}
