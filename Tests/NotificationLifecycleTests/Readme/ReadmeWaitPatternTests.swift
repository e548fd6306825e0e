// README: "Testing". The pattern the README's test shows, with the assertion users write next (the handler's
// effect, right after the wait), repeated in each framework: issue 30 saw it fail in 19 of 20 XCTest runs of 200
// rounds when the wait ended as the handler was called. The post comes from another task, as in the README.
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing
import XCTest

/// How many rounds each framework's test runs.
private let rounds = 200

@Suite("README: the wait, then the handler's effect")
struct ReadmeWaitPatternTests {
    @MainActor @Test func theEffectIsThereWhenTheWaitReturns() async {
        for _ in 1...rounds {
            let center = NotificationCenter()
            let inbox = Inbox(notificationCenter: center)
            inbox.appear()
            let recorder = DeliveryRecorder()
            recorder.record(inbox)
            Task.detached { center.post(name: .messagesDidArrive, object: nil) }
            await waitForDeliveries(of: .name(.messagesDidArrive), in: recorder)
            #expect(inbox.reloads == 1)
        }
    }
}

final class ReadmeWaitPatternXCTests: XCTestCase {
    @MainActor func testTheEffectIsThereWhenTheWaitReturns() async {
        for _ in 1...rounds {
            let center = NotificationCenter()
            let inbox = Inbox(notificationCenter: center)
            inbox.appear()
            let recorder = DeliveryRecorder()
            recorder.record(inbox)
            Task.detached { center.post(name: .messagesDidArrive, object: nil) }
            await waitForDeliveries(of: .name(.messagesDidArrive), in: recorder)
            XCTAssertEqual(inbox.reloads, 1)
        }
    }
}
