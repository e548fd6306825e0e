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
        withAutoreleasePool { center.post(name: .ping, object: store) }
        store = nil
        #expect(probe == nil)
        #expect(recorder.deliveries.first?.sender == nil)
        withExtendedLifetime(screen) {}
    }

    /// A `String` posted as the object: a value, not an object, on Linux; on Apple platforms Foundation bridges it to
    /// an `NSString`, which the delivery holds weakly like any sender (so it is that string while it lives).
    @Test func aStringPostedAsTheObjectIsNoSenderOnLinuxAndABridgedStringOnApplePlatforms() {
        let (center, recorder, screen) = recordedScreen()
        withAutoreleasePool { center.post(name: .ping, object: "inbox") }
        let delivery = expectDelivered(.name(.ping), in: recorder).first
        #expect(delivery != nil)
        #if canImport(Darwin)
        #expect(delivery?.sender.map { $0 is NSString && "\($0)" == "inbox" } ?? true)
        #else
        #expect(delivery?.sender == nil)
        #endif
        withExtendedLifetime(screen) {}
    }
}
