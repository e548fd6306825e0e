// README: "Testing", the XCTest form. The README shows this class verbatim; XCTest runs it.
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import XCTest

nonisolated final class InboxTests: XCTestCase {
    @MainActor func testListensToMessagesOnlyWhileVisible() async {
        let inbox = Inbox(notificationCenter: NotificationCenter())
        expectNotListening(inbox, to: .name(.messagesDidArrive))
        inbox.appear()
        expectListening(inbox, to: .name(.messagesDidArrive), lifespan: .visible)
    }
}
