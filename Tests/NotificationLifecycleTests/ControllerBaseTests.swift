import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("ControllerBase")
@MainActor
struct ControllerBaseTests {
    let center = NotificationCenter()

    /// Posts ping, pong and save once each and returns what the controller recorded, then clears it.
    private func postAll(to controller: ScreenController) -> [String] {
        for name in [Notification.Name.ping, .pong, .save] { center.post(name: name, object: nil) }
        defer { controller.events.removeAll() }
        return controller.events.events.sorted()
    }

    @Test func populatesOnceDuringInitThenStartsLifetimeInfos() {
        let controller = ScreenController(notificationCenter: center)
        #expect(controller.populateCalls == 1)
        #expect(controller.notificationEngine.infos.map(\.lifespan) == [.lifetime, .visible, .editing, .syncing])
        #expect(controller.notificationEngine.infos.map(\.isListening) == [true, false, false, false])
        #expect(postAll(to: controller) == ["lifetime.ping"])
    }

    @Test func appearStartsVisibleInfosAndDisappearStopsThem() {
        let controller = ScreenController(notificationCenter: center)
        controller.appear()
        #expect(controller.notificationEngine.isActive(.visible))
        #expect(postAll(to: controller) == ["lifetime.ping", "visible.pong"])
        controller.disappear()
        #expect(!controller.notificationEngine.isActive(.visible))
        #expect(postAll(to: controller) == ["lifetime.ping"])
    }

    @Test func repeatedAppearOrDisappearChangesNothing() {
        let controller = ScreenController(notificationCenter: center)
        controller.appear()
        let visible = controller.notificationEngine.infos[1]
        visible.stopListening()  // stopped by hand: a repeated appear() must not restart it
        controller.appear()
        #expect(!visible.isListening)
        #expect(postAll(to: controller) == ["lifetime.ping"])

        controller.disappear()
        controller.disappear()
        controller.appear()
        #expect(postAll(to: controller) == ["lifetime.ping", "visible.pong"])
    }

    @Test func customLifespansStartAndStopEachOnItsOwn() {
        let controller = ScreenController(notificationCenter: center)
        controller.notificationEngine.start(.editing)
        #expect(postAll(to: controller) == ["editing.save", "lifetime.ping"])
        controller.notificationEngine.start(.syncing)
        #expect(postAll(to: controller) == ["editing.save", "lifetime.ping", "syncing.refresh"])
        controller.notificationEngine.stop(.editing)
        #expect(postAll(to: controller) == ["lifetime.ping", "syncing.refresh"])
        #expect(controller.notificationEngine.activeLifespans == [.lifetime, .syncing])
    }

    @Test func subclassAddsToItsSuperclassInfosAndOverridesAreCalled() {
        let controller = DetailScreenController(notificationCenter: center)
        #expect(controller.notificationEngine.infos.count == 5)
        controller.appear()
        #expect(postAll(to: controller) == ["detail.lifetime.ping", "detail.visible.pong", "visible.pong"])
    }

    @Test func infoAddedAfterInitStartsWhenItsLifespanIsActive() {
        let controller = ScriptedController(notificationCenter: center)
        let lifetime = controller.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("l") }
        let visible = controller.addVisibleNotificationInfo(forName: .ping) { c, _ in c.events.record("v") }
        let editing = controller.addNotificationInfo(forName: .ping, lifespan: .editing) { c, _ in
            c.events.record("e")
        }
        #expect([lifetime, visible, editing].map(\.isListening) == [true, false, false])

        controller.appear()
        controller.notificationEngine.start(.editing)
        let lateVisible = controller.addVisibleNotificationInfo(forName: .pong) { c, _ in c.events.record("v2") }
        let lateEditing = controller.addNotificationInfo(forName: .pong, lifespan: .editing) { c, _ in
            c.events.record("e2")
        }
        #expect(lateVisible.isListening)
        #expect(lateEditing.isListening)
    }

    @Test func removingAnInfoStopsItFirst() {
        let controller = ScreenController(notificationCenter: center)
        let lifetime = controller.notificationEngine.infos[0]
        controller.notificationEngine.remove(lifetime)
        #expect(!lifetime.isListening)
        #expect(controller.notificationEngine.infos.count == 3)
        #expect(postAll(to: controller) == [])
    }

    @Test func removingAnInfoOfAnotherControllerIsReported() {
        let controller = ScreenController(notificationCenter: center)
        let stranger = NotificationInfo(name: .ping, center: center) { _ in }
        let rules = reportedRules { controller.notificationEngine.remove(stranger) }
        #expect(rules == [.foreignInfo])
        #expect(controller.notificationEngine.infos.count == 4)
    }

    @Test func sameRegistrationAddedTwiceIsReportedAndRegisteredOnce() {
        let (controller, diagnostics) = capturingDiagnostics { RepetitiveController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.duplicateRegistration, .duplicateRegistration])
        #expect(diagnostics[0].message.contains("first added from"))
        #expect(controller.notificationEngine.infos.count == 2)
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)
        #expect(controller.ticks.events.sorted() == [1, 2])
    }

    @Test func sameInfoAddedTwiceIsReportedAndAddedOnce() {
        let controller = ScriptedController(notificationCenter: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        let rules = reportedRules {
            #expect(controller.notificationEngine.add(info))
            #expect(!controller.notificationEngine.add(info))
        }
        #expect(rules == [.duplicateRegistration])
        #expect(controller.notificationEngine.infos.count == 1)
    }

    @Test func aShorthandsInfoBelongsToItsControllerFromTheStart() {
        let first = ScriptedController(notificationCenter: center)
        let second = ScriptedController(notificationCenter: center)
        let screen = ScreenController(notificationCenter: center)
        let info = first.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("ping") }
        let selector = screen.notificationEngine.infos[0]
        #expect(info.isOwned && first.notificationEngine.infos.contains { $0 === info })
        #expect(selector.isOwned && screen.notificationEngine.infos.contains { $0 === selector })
        let rules = reportedRules {
            #expect(!second.notificationEngine.add(info))
            #expect(!second.notificationEngine.add(selector))
        }
        #expect(rules == [.foreignInfo, .foreignInfo])
        #expect(second.notificationEngine.infos.isEmpty)
    }

    /// An info an engine's shorthand made is born owned by that engine. Refused as a duplicate, the engine hands back
    /// the live equal info it has, and the refused one is listed nowhere: not by the engine, not by the ledger.
    @Test func aMadeInfoRefusedAsDuplicateGivesBackTheInfoAlreadyAdded() {
        let engine = NotificationEngine(center: center)
        let observer = Sender()
        func made() -> NotificationInfo {
            NotificationInfo(
                handler: .owned { (_: Sender, _) in },
                observer: observer,
                selector: nil,
                column: 1,
                name: .ping,
                object: nil,
                lifespan: .lifetime,
                center: center,
                queue: nil,
                fileID: #fileID,
                line: 1,
                owned: true,
                registry: engine.registry
            )
        }
        let first = made()
        #expect(engine.addMade(first, fileID: #fileID, line: #line) === first)
        let refused = made()
        var kept: NotificationInfo?
        let rules = reportedRules { kept = engine.addMade(refused, fileID: #fileID, line: #line) }
        #expect(rules == [.duplicateRegistration])
        #expect(kept === first)
        #expect(engine.infos.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
        #expect(RegistrationLedger.infos(on: center).map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
        #expect(first.isListening)
        #expect(!refused.isListening)
    }

    @Test func infoOfOneControllerCannotJoinAnother() {
        let first = ScriptedController(notificationCenter: center)
        let second = ScriptedController(notificationCenter: center)
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        first.notificationEngine.add(info)
        let rules = reportedRules { #expect(!second.notificationEngine.add(info)) }
        #expect(rules == [.foreignInfo])
        #expect(second.notificationEngine.infos.isEmpty)
        #expect(info.isListening)
    }

    @Test func overrideThatDoesNotCallSuperIsReportedWithTheClassName() {
        let (_, diagnostics) = capturingDiagnostics { ForgetfulController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.superNotCalled])
        #expect(diagnostics.first?.message.contains("ForgetfulController") == true)
        #expect(diagnostics.first?.message.contains("Call super first") == true)
    }

    @Test func overrideThatCallsSuperLateIsReported() {
        let (controller, diagnostics) = capturingDiagnostics { LateSuperController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.superNotCalled])
        #expect(diagnostics.first?.message.contains("LateSuperController") == true)
        #expect(controller.notificationEngine.infos.first?.isListening == true)
    }

    @Test func appearDuringPopulateIsReportedAndIgnored() {
        let (controller, diagnostics) = capturingDiagnostics { EagerController(notificationCenter: center) }
        #expect(diagnostics.map(\.rule) == [.populateMisuse])
        #expect(!controller.notificationEngine.isActive(.visible))
        #expect(controller.notificationEngine.infos.first?.isListening == false)
    }

    @Test func populateCalledAgainIsReportedAndAddsNothing() {
        let controller = ScreenController(notificationCenter: center)
        let rules = reportedRules { controller.populateNotificationInfos() }
        #expect(rules.first == .populateMisuse)
        #expect(rules.dropFirst().allSatisfy { $0 == .duplicateRegistration })
        #expect(controller.notificationEngine.infos.count == 4)
        #expect(postAll(to: controller) == ["lifetime.ping"])
    }

    @Test func stoppingTheLifetimeLifespanIsReportedAndChangesNothing() {
        let controller = ScreenController(notificationCenter: center)
        let rules = reportedRules { controller.notificationEngine.stop(.lifetime) }
        #expect(rules == [.lifetimeStop])
        #expect(controller.notificationEngine.infos[0].isListening)
    }

    @Test func deinitRemovesEverythingItRegisteredAndNothingElse() {
        let outsider = Recorder<Int>()
        let raw = center.addObserver(forName: .ping, object: nil, queue: nil) { _ in outsider.record(1) }
        var controller: ScreenController? = ScreenController(notificationCenter: center)
        controller?.appear()
        controller?.notificationEngine.start(.editing)
        let infos = controller?.notificationEngine.infos ?? []
        let events = controller!.events
        weak let probe = controller
        controller = nil

        #expect(isGone(probe))
        #expect(infos.allSatisfy { !$0.isListening })
        for name in [Notification.Name.ping, .pong, .save] { center.post(name: name, object: nil) }
        #expect(events.count == 0)
        #expect(outsider.count == 1)
        #expect(settles { RegistrationLedger.listeningInfos(on: center).isEmpty })
        center.removeObserver(raw)
    }

    @Test func closureShorthandsFormNoRetainCycle() {
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        controller?.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("ping") }
        controller?.addVisibleNotificationInfo(forName: .pong) { c, _ in c.events.record("pong") }
        controller?.appear()
        weak let probe = controller
        controller = nil
        #expect(isGone(probe))
        #expect(RegistrationLedger.infos(on: center).isEmpty)
    }

    @Test func ledgerListsTheInfosAShorthandMadeThroughTheirController() {
        let controller = ScriptedController(notificationCenter: center)
        let ping = controller.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("ping") }
        let pong = controller.addVisibleNotificationInfo(forName: .pong) { c, _ in c.events.record("pong") }
        let other = ScriptedController(notificationCenter: NotificationCenter())
        other.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("ping") }

        let listed = Set(RegistrationLedger.infos(on: center).map(ObjectIdentifier.init))
        #expect(listed == [ObjectIdentifier(ping), ObjectIdentifier(pong)])
        #expect(RegistrationLedger.listeningInfos(on: center).map(ObjectIdentifier.init) == [ObjectIdentifier(ping)])
    }

    @Test func ledgerKeepsListingAShorthandsInfoThatOutlivesItsController() {
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        let kept = controller?.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("ping") }
        controller?.addVisibleNotificationInfo(forName: .pong) { c, _ in c.events.record("pong") }
        controller = nil

        #expect(
            settles {
                RegistrationLedger.infos(on: center).map(ObjectIdentifier.init) == [kept.map(ObjectIdentifier.init)]
            }
        )
        #expect(settles { RegistrationLedger.listeningInfos(on: center).isEmpty })
    }

    @Test func ledgerKeepsListingAShorthandsInfoRemovedFromItsController() {
        let controller = ScriptedController(notificationCenter: center)
        let removed = controller.addLifetimeNotificationInfo(forName: .ping) { c, _ in c.events.record("ping") }
        controller.notificationEngine.remove(removed)
        let stays = controller.addLifetimeNotificationInfo(forName: .pong) { c, _ in c.events.record("pong") }

        let listed = Set(RegistrationLedger.infos(on: center).map(ObjectIdentifier.init))
        #expect(listed == [ObjectIdentifier(removed), ObjectIdentifier(stays)])
    }

    @Test func controllerInfosAreNotReportedAsReleasedObservers() {
        let rules = reportedRules {
            var controller: ScreenController? = ScreenController(notificationCenter: center)
            controller?.appear()
            controller = nil
            center.post(name: .ping, object: nil)
        }
        #expect(rules.isEmpty)
    }
}
