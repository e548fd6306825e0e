import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("Deallocation")
struct DeallocationTests {
    let center = NotificationCenter()

    @Test func controllerIsDeallocatedOnceTheTestDropsIt() throws {
        var screen: InboxScreen? = InboxScreen(notificationCenter: center)
        screen?.appear()
        screen?.notificationEngine.start(.editing)
        let probe = DeallocationProbe(screen!)
        #expect(!probe.isDeallocated)
        #expect(probe.typeName == "InboxScreen")
        #expect(probe.center === center)
        screen = nil
        #expect(probe.isDeallocated)
        try NotificationLifecycleInspection.expectDeallocated(probe)
        try NotificationLifecycleInspection.expectNoInfos(on: center)
    }

    @Test func closureFormMakesUsesAndDropsTheObject() throws {
        try NotificationLifecycleInspection.expectDeallocated {
            let screen = InboxScreen(notificationCenter: center)
            screen.appear()
            center.post(name: .pong, object: nil)
            return screen
        }
        expectDeallocated { NotificationInfo(name: .ping, center: center) { _ in } }
    }

    @Test func failsWhileSomethingElseHoldsIt() throws {
        let store = Store()
        let probe = DeallocationProbe(store)
        #expect(probe.center == nil)
        let failure = try #require(caughtFailure { try NotificationLifecycleInspection.expectDeallocated(probe) })
        #expect(
            failure.summary
                == "Expected Store to be deallocated after its last reference was dropped, but it is still alive. "
                + "NotificationLifecycle holds observers and senders weakly, so no registration of this package keeps "
                + "it: look for another strong reference, such as a closure or a collection."
        )
        #expect(failure.details.isEmpty)
    }

    @Test func closureThatCapturesSelfIsNamedWithItsDeclaration() throws {
        var screen: LeakyScreen? = LeakyScreen(notificationCenter: center)
        let probe = DeallocationProbe(screen!)
        weak let leakingInfo = screen!.notificationEngine.infos[0]
        let declaredLine = screen!.notificationEngine.infos[0].line
        screen = nil
        let failure = try #require(caughtFailure { try NotificationLifecycleInspection.expectDeallocated(probe) })
        #expect(
            failure.summary.hasPrefix("Expected LeakyScreen to be deallocated after its last reference was dropped")
        )
        #expect(
            failure.summary.contains(
                "Its closure handlers (Fixtures.swift:\(declaredLine)) keep it alive if one captures it strongly: use the owner "
                    + "the shorthand passes to the closure instead of self, or capture [weak self]."
            )
        )
        // It is also the observer of its own info, which the table lists.
        #expect(failure.summary.contains("1 info names it as observer or sender"))
        #expect(failure.details.contains("ping  any     lifetime  closure  listening  LeakyScreen  an engine"))

        // Break the cycle: removing the info releases the closure, and with it the controller.
        if let info = leakingInfo, let leaky = info.observer as? LeakyScreen {
            leaky.notificationEngine.remove(info)
        }
        try NotificationLifecycleInspection.expectDeallocated(probe)
    }

    @Test func infoHeldByItsEngineSaysSo() throws {
        let screen = InboxScreen(notificationCenter: center)
        let probe = DeallocationProbe(screen.notificationEngine.infos[1])
        #expect(probe.center === center)
        let failure = try #require(caughtFailure { try NotificationLifecycleInspection.expectDeallocated(probe) })
        #expect(failure.summary.hasPrefix("Expected NotificationInfo to be deallocated"))
        #expect(failure.summary.contains("An engine owns it (it was added to a controller or a NotificationEngine)"))
    }

    @Test func sendersInfosAreListedWhenACenterIsGiven() throws {
        let store = Store()
        let info = NotificationInfo(name: .save, object: store, center: center) { _ in }
        info.startListening()
        let probe = DeallocationProbe(store, center: center)
        let failure = try #require(caughtFailure { try NotificationLifecycleInspection.expectDeallocated(probe) })
        #expect(failure.summary.contains("1 info names it as observer or sender; infos hold both weakly"))
        #expect(failure.details.hasPrefix("Infos on its center that name it:"))
        #expect(failure.details.contains("save  Store 0x…"))
        info.stopListening()
    }

    @Test func swiftTestingExpectationsRecordAtTheGivenLocation() {
        let store = Store()
        expectIssue(at: location(line: 60), containing: ["Expected Store to be deallocated"]) {
            expectDeallocated(DeallocationProbe(store), sourceLocation: location(line: 60))
        }
        expectIssue(at: location(line: 61), containing: ["Expected Store to be deallocated"]) {
            expectDeallocated(sourceLocation: location(line: 61)) { store }
        }
    }
}
