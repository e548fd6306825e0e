// README: "Testing". The README shows this test verbatim; it runs here against the README's `Inbox`.
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("README: testing")
@MainActor
struct ReadmeTestingTests {
    // waitForDeliveries takes a Duration: an app whose deployment target is older needs the same attribute.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
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

    /// The same expectations fail, at the caller's line, on an inbox that does not listen.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func theExpectationsFailWhenTheInboxIsNotVisible() async {
        let center = NotificationCenter()
        let inbox = Inbox(notificationCenter: center)
        // Kept through the package's seam, so that the passing test prints nothing about them.
        let listening = capturingFailures {
            expectListening(inbox, to: .name(.messagesDidArrive))
        }
        #expect(listening.count == 1)
        #expect(listening.first?.line == #line - 3)
        #expect(listening.first?.message.contains("Call appear() first") == true)
        let recorder = DeliveryRecorder()
        recorder.record(inbox)
        center.post(name: .messagesDidArrive, object: nil)
        let waited = await capturingFailures {
            await waitForDeliveries(of: .name(.messagesDidArrive), in: recorder, timeout: 0.05)
        }
        #expect(waited.count == 1)
    }
}
