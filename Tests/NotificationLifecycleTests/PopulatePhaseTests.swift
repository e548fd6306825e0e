import Foundation
import Testing

@testable import NotificationLifecycle

/// What `populateNotificationInfos()` may do, and what an info made there means by "no center".
@Suite("Populate phase")
struct PopulatePhaseTests {
    let center = NotificationCenter()

    /// Declares one lifetime info, then (wrongly) calls `stopAll()` during populate.
    final class StopsAllWhilePopulating: ControllerBase, @unchecked Sendable {
        let heard = Recorder<String>()

        override func populateNotificationInfos() {
            super.populateNotificationInfos()
            addLifetimeNotificationInfo(forName: .ping) { controller, _ in controller.heard.record("ping") }
            notificationEngine.stopAll()
        }
    }

    /// Adds a long-form info that names no center, as the README's save example does outside a controller.
    final class AddsALongFormInfo: ControllerBase, @unchecked Sendable {
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
}
