import Foundation
import NotificationLifecycle
import Testing

/// What counts as a duplicate, which center an engine's infos use, and that each misuse is reported once, at the
/// user's own line.
@Suite("Duplicates, centers and reports")
@MainActor
struct SurfaceRulesTests {
    let center = NotificationCenter()

    // MARK: - Duplicates

    @Test func sameShorthandLineRunTwiceIsRefusedAndReturnsTheFirstInfo() {
        let controller = ScriptedController(notificationCenter: center)
        let calls = Recorder<Int>()
        var returned: [NotificationInfo] = []
        let rules = reportedRules {
            for _ in 0..<2 {
                returned.append(controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in calls.record(1) })
            }
        }
        #expect(rules == [.duplicateRegistration])
        #expect(returned[0] === returned[1])
        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)
    }

    @Test func sameSelectorTwiceIsRefused() {
        let controller = ScreenController(notificationCenter: center)
        let rules = reportedRules {
            controller.addLifetimeNotificationInfo(forName: .ping, selector: "didPing:")
        }
        #expect(rules == [.duplicateRegistration])
        center.post(name: .ping, object: nil)
        #expect(controller.events.events == ["lifetime.ping"])
    }

    @Test func sameInfoAddedTwiceIsRefused() {
        let controller = ScriptedController(notificationCenter: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        #expect(controller.notificationEngine.add(info))
        let (added, diagnostics) = capturingDiagnostics { controller.notificationEngine.add(info) }
        #expect(!added)
        #expect(diagnostics.map(\.rule) == [.duplicateRegistration])
        #expect(diagnostics.first?.line == #line - 3)
        #expect(controller.notificationEngine.infos.count == 1)
    }

    /// Two closures written at two places are two listeners, even with the same owner, name, sender and lifespan:
    /// both are kept, both run. The package cannot tell a copied line from two handlers that mean to differ.
    @Test func closuresAtTwoPlacesAreTwoListenersAndBothRun() {
        let controller = ScriptedController(notificationCenter: center)
        let calls = Recorder<String>()
        let rules = reportedRules {
            controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in calls.record("first") }
            controller.addLifetimeNotificationInfo(forName: .ping) { _, _ in calls.record("second") }
        }
        #expect(rules.isEmpty)
        #expect(controller.notificationEngine.infos.count == 2)
        center.post(name: .ping, object: nil)
        #expect(Set(calls.events) == ["first", "second"])
    }

    @Test func samePlaceWithAnotherSenderOrLifespanIsAnotherListener() {
        let controller = ScriptedController(notificationCenter: center)
        let first = Sender()
        let second = Sender()
        let rules = reportedRules {
            for (sender, lifespan) in [(first, Lifespan.lifetime), (second, .lifetime), (first, .visible)] {
                controller.addNotificationInfo(forName: .ping, object: sender, lifespan: lifespan) { _, _ in }
            }
        }
        #expect(rules.isEmpty)
        #expect(controller.notificationEngine.infos.count == 3)
    }

    // MARK: - Centers

    @Test func infoForAnotherCenterIsRefusedAndReported() {
        let controller = ScriptedController(notificationCenter: center)
        let elsewhere = NotificationInfo(name: .ping, center: NotificationCenter()) { _ in }
        let (added, diagnostics) = capturingDiagnostics { controller.notificationEngine.add(elsewhere) }
        #expect(!added)
        #expect(diagnostics.map(\.rule) == [.centerMismatch])
        #expect(diagnostics.first?.message.contains("center: notificationEngine.center") == true)
        #expect(diagnostics.first?.line == #line - 4)
        #expect(!elsewhere.isListening)
        #expect(controller.notificationEngine.infos.isEmpty)
    }

    @Test func infoMadeWithTheEnginesCenterIsAdded() {
        let controller = ScriptedController(notificationCenter: center)
        let info = NotificationInfo(name: .ping, center: controller.notificationEngine.center) { _ in }
        let rules = reportedRules { controller.notificationEngine.add(info) }
        #expect(rules.isEmpty)
        #expect(info.isListening)
    }

    // MARK: - Reports once, at the user's line

    @Test func selectorBoundToAMethodOfTheWrongShapeIsReportedOnce() {
        let (_, diagnostics) = capturingDiagnostics {
            let controller = WrongShapeController(notificationCenter: center)
            controller.appear()
            controller.disappear()
            controller.appear()
        }
        #expect(diagnostics.map(\.rule) == [.unknownSelector])
        #expect(diagnostics.first?.message.contains("takes no argument") == true)
    }

    @Test func missingSuperCallNamesTheSubclassTheSkippedSuperclassAndTheUsersLine() {
        let (_, diagnostics) = capturingDiagnostics { _ = ForgetfulDetailController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.superNotCalled])
        let message = diagnostics.first?.message ?? ""
        #expect(message.contains("ForgetfulDetailController.populateNotificationInfos()"))
        #expect(message.contains("the listeners that ScreenController declares in"))
        // The first info the override added: the user's own line.
        #expect(diagnostics.first?.fileID == "NotificationLifecycleTests/SurfaceRulesTests.swift")
        #expect(diagnostics.first?.line == ForgetfulDetailController.declarationLine)
    }

    /// "Getting started": forgetting to call super is "reported once", as every other problem of a declaration:
    /// once per line however many controllers it makes, not once per controller.
    @Test func missingOrLateSuperCallIsReportedOnceHoweverManyControllersALineMakes() {
        let forgotten = reportedRules {
            for _ in 0..<3 { _ = ForgetfulDetailController(notificationCenter: center) }
        }
        let late = reportedRules {
            for _ in 0..<3 { _ = LateSuperController(notificationCenter: center) }
        }
        let empty = reportedRules {
            for _ in 0..<3 { _ = EmptyForgetfulController(notificationCenter: center) }
        }
        #expect(forgotten == [.superNotCalled])
        #expect(late == [.superNotCalled])
        #expect(empty == [.superNotCalled])
    }

    @Test func missingSuperCallWithNoInfoPointsAtTheControllersCreation() {
        let (_, diagnostics) = capturingDiagnostics { _ = EmptyForgetfulController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.superNotCalled])
        #expect(diagnostics.first?.line == #line - 2)
    }

    // MARK: - A finished engine

    @Test func addingToOrStartingAFinishedEngineIsReportedAndKeepsNothing() {
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        let engine = controller!.notificationEngine
        controller = nil
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        let (added, diagnostics) = capturingDiagnostics { engine.add(info) }
        #expect(!added)
        #expect(diagnostics.map(\.rule) == [.engineFinished])
        #expect(diagnostics.first?.message.contains("deinit") == true)
        #expect(engine.infos.isEmpty)
        #expect(!info.isListening)
        let rules = reportedRules {
            engine.appear()
            engine.start(.editing)
            engine.disappear()  // stopping what it no longer holds: harmless, silent
            engine.stop(.editing)
        }
        #expect(rules == [.engineFinished, .engineFinished])
        #expect(!engine.isActive(.visible))
    }

    /// A shorthand called on a finished engine makes an info that engine refuses: the info is then one made alone,
    /// which another engine adds (it is not another engine's) and the inspection lists.
    @Test func aShorthandsInfoRefusedByAFinishedEngineIsMadeAlone() {
        let controller = ScriptedController(notificationCenter: center)
        controller.notificationEngine.stopAll()
        let (info, refused) = capturingDiagnostics { controller.addNotificationInfo(forName: .pong) { _, _ in } }
        #expect(refused.map(\.rule) == [.engineFinished])
        #expect(RegistrationLedger.infos(on: center).contains { $0 === info })
        let other = NotificationEngine(center: center)
        let rules = reportedRules { #expect(other.add(info)) }
        #expect(rules == [])
        #expect(info.isListening)
        other.stopAll()
    }

    @Test func stopAllFinishesAStandaloneEngine() {
        let engine = NotificationEngine(center: center)
        let calls = Recorder<Int>()
        engine.add(NotificationInfo(name: .ping, center: center) { _ in calls.record(1) })
        engine.stopAll()
        let rules = reportedRules {
            engine.add(NotificationInfo(name: .pong, center: center) { _ in calls.record(2) })
        }
        #expect(rules == [.engineFinished])
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        #expect(calls.count == 0)
    }
}

/// Binds a selector ending in a colon to a method that takes no argument.
final class WrongShapeController: ControllerBase {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("reload:", WrongShapeController.reload)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .ping, selector: "reload:")
    }

    func reload() {}
}

/// Skips `ScreenController`'s declarations by not calling super.
final class ForgetfulDetailController: ScreenController, @unchecked Sendable {
    static let declarationLine = #line + 3

    override func populateNotificationInfos() {
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
    }
}

/// Forgets super and declares nothing.
final class EmptyForgetfulController: ControllerBase {
    override func populateNotificationInfos() {}
}
