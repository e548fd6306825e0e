// The code of the README's "Testing" section, compiled and run by the test suite. Keep the two identical.

import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

extension Notification.Name {
    static let inboxDidChange = Notification.Name("InboxDidChange")
    static let themeDidChange = Notification.Name("ThemeDidChange")
}

final class MailScreen: ControllerBase, @unchecked Sendable {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .inboxDidChange) { screen, _ in screen.reload() }
        addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in screen.applyTheme() }
    }

    func reload() {}
    func applyTheme() {}
}

@Suite(.failsOnUnexpectedDiagnostics)
struct MailScreenTests {
    let center = NotificationCenter()

    @Test func listensToThemeChangesOnlyWhileVisible() {
        let screen = MailScreen(notificationCenter: center)
        expectListening(screen, to: .inboxDidChange, lifespan: .lifetime)
        expectLifecycle(
            of: screen,
            [
                .initially(listening: [.inboxDidChange]),
                .appear(listening: [.inboxDidChange, .themeDidChange]),
                .disappear(listening: [.inboxDidChange]),
            ]
        )
    }

    @Test func deliversEachInboxChangeOnce() {
        let screen = MailScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .inboxDidChange, object: nil)
        center.post(name: .themeDidChange, object: nil)
        expectDelivered(.inboxDidChange, in: recorder)
        expectNotDelivered(.themeDidChange, in: recorder)
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
