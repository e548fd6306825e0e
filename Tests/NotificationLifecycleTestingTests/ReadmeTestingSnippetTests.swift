// The code of the README's "Testing" section, compiled and run by the test suite. Keep the two identical.

import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing
import XCTest

extension Notification.Name {
    static let inboxDidChange = Notification.Name("InboxDidChange")
    static let themeDidChange = Notification.Name("ThemeDidChange")
}

final class MailScreen: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .inboxDidChange) { screen, _ in screen.reload() }
        addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in screen.applyTheme() }
    }

    func reload() {}
    func applyTheme() {}
}

@Suite(.failsOnUnexpectedDiagnostics)
@MainActor
struct MailScreenTests {
    let center = NotificationCenter()

    @Test func listensToThemeChangesOnlyWhileVisible() {
        let screen = MailScreen(notificationCenter: center)
        expectListening(screen, to: .name(.inboxDidChange), lifespan: .lifetime)
        expectLifecycle(
            of: screen,
            [
                .initially(listening: [.name(.inboxDidChange)]),
                .appear(listening: [.name(.inboxDidChange), .name(.themeDidChange)]),
                .disappear(listening: [.name(.inboxDidChange)]),
            ]
        )
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func deliversEachInboxChangeOnce() async {
        let screen = MailScreen(notificationCenter: center)
        let recorder = DeliveryRecorder()
        recorder.record(screen)
        center.post(name: .themeDidChange, object: nil)
        Task.detached { [center] in center.post(name: .inboxDidChange, object: nil) }
        await waitForDeliveries(of: .name(.inboxDidChange), in: recorder)  // exactly once, from another task
        expectDelivered(.name(.themeDidChange), .never, in: recorder)
        expectNotListening(screen, to: .name(.themeDidChange))  // not appeared
    }

    @Test func leavesNothingBehind() {
        expectDeallocated {
            let screen = MailScreen(notificationCenter: center)
            screen.appear()
            return screen
        }
        expectNoRegistrations(on: center)
    }

    @Test func reportsMisuse() {
        let screen = MailScreen(notificationCenter: center)
        expectDiagnostics([.lifetimeStop]) {
            screen.notificationEngine.stop(.lifetime)
        }
    }
}

final class MailScreenXCTests: XCTestCase {
    override func invokeTest() {
        expectNoDiagnostics { super.invokeTest() }
    }

    @MainActor func testListensToThemeChangesOnlyWhileVisible() async {
        let center = NotificationCenter()
        var screen: MailScreen? = MailScreen(notificationCenter: center)
        expectNotListening(screen!, to: .name(.themeDidChange))
        screen?.appear()
        expectListening(screen!, to: .name(.themeDidChange), lifespan: .visible)
        expectDeallocated(&screen)
        expectNoRegistrations(on: center)
    }
}
