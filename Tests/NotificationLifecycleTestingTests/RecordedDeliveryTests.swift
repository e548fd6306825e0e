import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// A recorded delivery shows what arrived (issue 24, item 10): the sender, held weakly, and the `userInfo`.
@Suite("What a recorded delivery shows")
@MainActor
struct RecordedDeliveryTests {
    @Test func aDeliveryCarriesItsSenderAndUserInfo() {
        let center = NotificationCenter()
        let store = Store()
        let info = NotificationInfo(name: .sync, object: store, center: center) { _ in }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        center.post(name: .sync, object: store, userInfo: ["count": 3, "reason": "refresh"])
        let delivery = expectDelivered(.name(.sync), in: recorder).first
        #expect(delivery?.sender === store)
        #expect(delivery?.userInfo["count"] as? Int == 3)
        #expect(delivery?.userInfo["reason"] as? String == "refresh")
    }

    @Test func aDeliveryWithoutSenderOrUserInfoShowsNone() {
        let (center, recorder, screen) = recordedScreen()
        center.post(name: .ping, object: nil)
        let delivery = expectDelivered(.name(.ping), in: recorder).first
        #expect(delivery != nil)
        #expect(delivery?.sender == nil)
        #expect(delivery?.userInfo.isEmpty == true)
        withExtendedLifetime(screen) {}
    }

    @Test func aDeliveryDoesNotKeepItsSenderAlive() {
        let (center, recorder, screen) = recordedScreen()
        var store: Store? = Store()
        weak let probe = store
        center.post(name: .ping, object: store)
        store = nil
        #expect(probe == nil)
        #expect(recorder.deliveries.first?.sender == nil)
        withExtendedLifetime(screen) {}
    }
}
