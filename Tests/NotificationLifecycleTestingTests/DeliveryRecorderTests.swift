import Dispatch
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("Delivery recorder")
struct DeliveryRecorderTests {
    let center = NotificationCenter()

    @Test func recordsWhichHandlerEachPostReached() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .ping, object: nil)
        center.post(name: .pong, object: nil)  // visible: not appeared, not delivered

        let deliveries = try NotificationLifecycleInspection.expectDelivered(
            .ping,
            to: .selector("didPing:"),
            lifespan: .lifetime,
            in: recorder
        )
        #expect(deliveries.map(\.observerType) == ["InboxScreen"])
        #expect(deliveries.map(\.declaredAt) == ["Fixtures.swift:31"])
        try NotificationLifecycleInspection.expectNotDelivered(.pong, in: recorder)
        try NotificationLifecycleInspection.expectNotDelivered(.ping, to: .closure, in: recorder)
        #expect(recorder.deliveries.count == 1)
    }

    @Test func countsEveryDelivery() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .ping, object: nil)
        center.post(name: .ping, object: nil)
        try NotificationLifecycleInspection.expectDelivered(.ping, times: 2, in: recorder)

        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectDelivered(.ping, in: recorder) }
        )
        #expect(failure.summary == "Expected ping -> any handler to be delivered once, but it was delivered twice.")
        #expect(failure.details.hasPrefix("Recorded deliveries (2; matching rows are marked >):"))
        #expect(failure.details.contains("  >  1  ping  didPing:  lifetime  InboxScreen  Fixtures.swift:31"))
    }

    @Test func notDeliveredFailsOnceAHandlerRan() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        screen.appear()
        center.post(name: .pong, object: nil)
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectNotDelivered(.pong, lifespan: .visible, in: recorder)
            }
        )
        #expect(
            failure.summary
                == "Expected pong -> any handler (visible) not to be delivered, but it was delivered once."
        )
    }

    @Test func deliveredFailsWhenNothingWasRecorded() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .pong, object: nil)
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectDelivered(.pong, in: recorder) }
        )
        #expect(failure.summary == "Expected pong -> any handler to be delivered once, but it was never delivered.")
        #expect(failure.details == "Recorded deliveries: none.")
    }

    @Test func exactSequenceAcrossSeparatePosts() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .ping, object: nil)  // lifetime: delivered
        center.post(name: .pong, object: nil)  // visible, not appeared: not delivered
        screen.appear()
        center.post(name: .pong, object: nil)  // visible, appeared: delivered
        screen.notificationEngine.start(.editing)
        center.post(name: .save, object: nil)  // editing: delivered
        center.post(name: .ping, object: nil)  // lifetime: delivered

        try NotificationLifecycleInspection.expectDeliveries(
            [
                .delivery(of: .ping, to: .selector("didPing:")),
                .delivery(of: .pong, lifespan: .visible),
                .delivery(of: .save, to: .closure, lifespan: .editing),
                .delivery(of: .ping),
            ],
            in: recorder
        )
    }

    @Test func sequenceFailureShowsBothSequences() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        screen.appear()
        center.post(name: .pong, object: nil)
        center.post(name: .ping, object: nil)

        let wrongOrder = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectDeliveries(
                    [.delivery(of: .ping), .delivery(of: .pong)],
                    in: recorder
                )
            }
        )
        #expect(
            wrongOrder.summary
                == "Expected 2 deliveries in this order, but 2 were recorded and delivery 1 is pong -> closure "
                + "(visible, Fixtures.swift:32) where ping -> any handler was expected."
        )
        let lines = wrongOrder.details.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix("  !  1  ping -> any handler"))
        #expect(lines[3].hasPrefix("  !  2  pong -> any handler"))

        let tooShort = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectDeliveries([.delivery(of: .pong)], in: recorder)
            }
        )
        #expect(
            tooShort.summary.hasSuffix(
                "delivery 2 is ping -> didPing: (lifetime, Fixtures.swift:31) where nothing more was expected."
            )
        )
    }

    @Test func recordsInfosAddedAfterRecordingStarted() throws {
        let host = EngineHost(center: center)
        let recorder = DeliveryRecorder(recording: host)
        host.addLifetimeNotificationInfo(forName: .sync) { _, _ in }
        center.post(name: .sync, object: nil)
        try NotificationLifecycleInspection.expectDelivered(.sync, to: .closure, in: recorder)
    }

    @Test func recordsStandaloneInfosWithSenderAndUserInfoKeys() throws {
        let store = Store()
        let info = NotificationInfo(name: .save, object: store, center: center) { _ in }
        let recorder = DeliveryRecorder(recording: info)
        info.startListening()
        center.post(name: .save, object: store, userInfo: ["b": 2, "a": 1])
        info.stopListening()
        let delivery = try #require(recorder.deliveries.first)
        #expect(delivery.sender == ObjectIdentifier(store))
        #expect(delivery.userInfoKeys == ["a", "b"])
        #expect(delivery.observerType == nil)
        #expect(delivery.handler == .closure)
    }

    @Test func oneRecorderOrdersSeveralSources() throws {
        let inbox = InboxScreen(notificationCenter: center)
        let host = EngineHost(center: center)
        let recorder = DeliveryRecorder()
        recorder.record(inbox)
        recorder.record(host)
        host.notificationEngine.appear()
        center.post(name: .pong, object: nil)  // only the host is appeared
        inbox.appear()
        center.post(name: .save, object: nil)  // nobody listens
        #expect(recorder.deliveries.map(\.observerType) == ["EngineHost"])
        #expect(recorder.deliveries.map(\.name) == [.pong])
    }

    @Test func stopRecordingAndRemoveAll() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .ping, object: nil)
        recorder.removeAll()
        try NotificationLifecycleInspection.expectNotDelivered(.ping, in: recorder)
        center.post(name: .ping, object: nil)
        recorder.stopRecording()
        center.post(name: .ping, object: nil)
        try NotificationLifecycleInspection.expectDelivered(.ping, times: 1, in: recorder)
    }

    @Test func recorderDoesNotKeepTheControllerAlive() throws {
        var screen: InboxScreen? = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen!)
        center.post(name: .ping, object: nil)
        let probe = DeallocationProbe(screen!)
        screen = nil
        try NotificationLifecycleInspection.expectDeallocated(probe)
        try NotificationLifecycleInspection.expectDelivered(.ping, in: recorder)
    }

    @Test func recordsPostsFromManyThreads() throws {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            center.post(name: .ping, object: nil)
        }
        try NotificationLifecycleInspection.expectDelivered(.ping, times: 200, in: recorder)
    }

    @MainActor @Test func recordsMainActorHandlersWhenTheyRun() throws {
        let host = MainActorHost(center: center)
        let recorder = DeliveryRecorder(recording: host)
        host.addLifetimeNotificationInfo(forName: .sync) { _, _ in }
        center.post(name: .sync, object: nil)  // posted on the main actor: runs at once
        try NotificationLifecycleInspection.expectDelivered(.sync, to: .closure, in: recorder)
    }

    @Test func swiftTestingExpectationsRecordAtTheGivenLocation() {
        let screen = InboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder(recording: screen)
        center.post(name: .ping, object: nil)
        expectDelivered(.ping, in: recorder)
        expectNotDelivered(.pong, in: recorder)
        expectDeliveries([.delivery(of: .ping)], in: recorder)
        expectIssue(at: location(line: 40), containing: ["to be delivered twice, but it was delivered once."]) {
            expectDelivered(.ping, times: 2, in: recorder, sourceLocation: location(line: 40))
        }
        expectIssue(at: location(line: 41), containing: ["not to be delivered, but it was delivered once."]) {
            expectNotDelivered(.ping, in: recorder, sourceLocation: location(line: 41))
        }
        expectIssue(at: location(line: 42), containing: ["Expected 0 deliveries in this order"]) {
            expectDeliveries([], in: recorder, sourceLocation: location(line: 42))
        }
    }
}
