// The README's tests, compiled and run in each module setting by .ci/consumer-settings.sh; SETTING is the module
// of Owners/ for the setting.
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing
import XCTest

@testable import SETTING

// README: "Testing", Swift Testing.
@Test @MainActor func inboxListensWhileVisible() async {
    let center = NotificationCenter()
    let inbox = Inbox(notificationCenter: center)
    expectListening(inbox, to: .name(.accountDidSignOut), lifespan: .lifetime)
    expectNotListening(inbox, to: .name(.messagesDidArrive))
    inbox.appear()
    let recorder = DeliveryRecorder()
    recorder.record(inbox)
    Task.detached { center.post(name: .messagesDidArrive, object: nil) }
    await waitForDeliveries(of: .name(.messagesDidArrive), in: recorder)
    #expect(inbox.reloads == 1)
    expectDiagnostics([.lifetimeStop]) { inbox.notificationEngine.stop(.lifetime) }
}
// README: "Testing", XCTest.
nonisolated final class InboxTests: XCTestCase {
    @MainActor func testListensToMessagesOnlyWhileVisible() async {
        let inbox = Inbox(notificationCenter: NotificationCenter())
        expectNotListening(inbox, to: .name(.messagesDidArrive))
        inbox.appear()
        expectListening(inbox, to: .name(.messagesDidArrive), lifespan: .visible)
    }
}

@Suite struct ReadmeOwnersInEverySetting {
    @Test @MainActor func theQuickStartReloadsOnce() {
        #expect(quickStart() == 1)
    }

    @Test @MainActor func gettingStartedsInboxReloadsOnce() {
        #expect(driveInbox(center: NotificationCenter()) == 1)
    }

    @Test func theBadgeCountsPostsFromEightTasks() async {
        let center = NotificationCenter()
        let badge = UnreadBadge(center: center)
        let name = Notification.Name("MessagesDidArrive")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<100 { center.post(name: name, object: nil) }
                }
            }
        }
        #expect(badge.count == 800)
    }
}
