import Foundation
import NotificationLifecycle
import Testing

@testable import NotificationLifecycleTesting

/// A controller whose selector has a typo: the info is reported when made and never listens.
final class TypoScreen: ControllerBase {
    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors.adding("refresh:", TypoScreen.refresh)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .sync, selector: "refersh:")
    }

    func refresh(_ notification: Notification) {}
}

/// Two visible listeners of one name, neither listening before `appear()`.
final class TwoVisibleScreen: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
    }
}

/// An owner that cannot subclass ControllerBase: it has no `appear()` of its own.
final class EngineOwningScreen: NotificationEngineOwner, @unchecked Sendable {
    let notificationEngine = NotificationEngine(center: NotificationCenter())

    init() {
        addVisibleNotificationInfo(forName: .pong) { _, _ in }
    }
}

/// The sentences issue 24 (item 11) found wrong: each failure says one thing, in English, and says why an info does
/// not listen when the package knows it.
@Suite("Failure wording")
@MainActor
struct WordingTests {
    @Test func oneDeliveryIsSingular() async {
        let (center, recorder, screen) = recordedScreen()
        screen.appear()
        center.post(name: .pong, object: nil)
        let issues = await capturedIssues { expectDeliveries([.name(.ping)], in: recorder) }
        // Before: "Expected 1 deliveries in this order, but 1 were recorded …".
        #expect(
            issues.first?.message.hasPrefix(
                "Expected 1 delivery in this order, but 1 delivery was recorded and delivery 1 is pong -> closure"
            ) == true
        )
    }

    /// Issue 24, item 4: the remedy is a call the owner's code can make.
    @Test func theRemedyForAnEngineOwnerCallsItsEngine() async {
        let owner = EngineOwningScreen()
        let ownerIssues = await capturedIssues { expectListening(owner, to: .name(.pong)) }
        // Before: "Call appear() first.", which does not compile in a class that only owns an engine.
        #expect(ownerIssues.first?.message.contains("Call notificationEngine.appear() first.") == true)
        let (_, _, screen) = recordedScreen()
        let screenIssues = await capturedIssues { expectListening(screen, to: .name(.pong)) }
        #expect(screenIssues.first?.message.contains("Call appear() first.") == true)
    }

    @Test func severalMatchingInfosThatDoNotListenArePlural() async {
        let screen = TwoVisibleScreen(notificationCenter: NotificationCenter())
        let issues = await capturedIssues { expectListening(screen, to: .name(.pong)) }
        // Before: "its matching info (row 1, 2) does not listen: …".
        #expect(
            issues.first?.headline
                == "Expected TwoVisibleScreen to be listening to pong, but none of its matching infos (rows 1, 2) "
                + "listens; row 1: its lifespan visible is not active. Call appear() first."
        )
    }

    @Test func atLeastZeroIsAnyNumberOfTimes() {
        // Before: "to be delivered at least 0 times".
        #expect(DeliveryCount.atLeast(0).expectation() == "to be delivered any number of times")
        #expect(DeliveryCount.atLeast(1).expectation() == "to be delivered at least once")
        #expect(DeliveryCount.never.expectation(target: " to a closure") == "not to be delivered to a closure")
    }

    @Test func aDeliveryFailureNamesTheTopicAndTheHandlerInWords() async {
        let (center, recorder, screen) = recordedScreen()
        center.post(name: .ping, object: nil)
        let issues = await capturedIssues {
            expectDelivered(.name(.ping), to: .closure, lifespan: .lifetime, in: recorder)
        }
        // Before: "Expected ping -> closure (lifetime) to be delivered once, but it was never delivered."
        #expect(
            issues.first?.headline
                == "Expected notification ping to be delivered to a closure of a lifetime info "
                + "once, but it was never delivered."
        )
        withExtendedLifetime(screen) {}
    }

    @Test func aLifecycleFailureSaysWhatIsExtraAndWhatIsMissing() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let issues = await capturedIssues {
            expectLifecycle(of: screen, [.appear(listening: [.name(.ping), .name(.save)])])
        }
        // Before: "… it listens to ping, pong, not ping, save."
        #expect(
            issues.first?.headline
                == "Expected InboxScreen to listen to the topics each step lists, but after step 1 "
                + "(appear()) it listens to ping, pong where the step lists ping, save: pong is not listed, save does "
                + "not listen."
        )
    }

    @Test func anUnknownSelectorIsNamedAsTheCause() async {
        let center = NotificationCenter()
        var made: TypoScreen?
        expectDiagnostics([.unknownSelector]) { made = TypoScreen(notificationCenter: center) }
        guard let screen = made else { return }
        let issues = await capturedIssues { expectListening(screen, to: .name(.sync)) }
        // Before: "… stopped on its own …, or its observer or sender was released, or its selector is unknown."
        #expect(
            issues.first?.headline.hasSuffix(
                "does not listen: its selector refersh: is not in its observer's notificationSelectors (reported "
                    + "when the info was made), so it never listens. Add it to the table, or fix the name."
            ) == true
        )
    }

    @Test func aReleasedSenderIsNamedAsTheCause() async {
        let center = NotificationCenter()
        var store: Store? = Store()
        let info = NotificationInfo(name: .sync, object: store, center: center) { _ in }
        info.startListening()
        store = nil
        expectDiagnostics([.senderReleased]) { #expect(!info.isListening) }
        let issues = await capturedIssues { expectListening(info) }
        #expect(
            issues.first?.headline.hasSuffix(
                "the sender it filters on was released. Make a new info for a live sender."
            ) == true
        )
    }
}
