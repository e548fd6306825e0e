import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// `waitForDeliveries` ends only once the handler has returned, for every handler kind. Each handler here blocks
/// until the test releases it: a wait that ended when the handler was called, not when it returned, fails every run.
// The time limit stops a hang; it is no measure.
@Suite("Waiting ends after the handler returned", .timeLimit(.minutes(5)))
struct HandlerReturnedTests {
    let center = NotificationCenter()

    @Test func aClosureOnThePostingThread() async {
        let gate = Gate()
        let info = NotificationInfo(name: .sync, center: center) { _ in gate.pass() }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        await expectTheWaitEndsAfterTheHandler(gate, .name(.sync), recorder) { [center] in
            center.post(name: .sync, object: nil)
        }
        info.stopListening()
    }

    @Test func aSelectorName() async {
        let host = GatedHost(center: center)
        host.addLifetimeNotificationInfo(forName: .sync, selector: "didSync:")
        let recorder = DeliveryRecorder()
        recorder.record(host)
        await expectTheWaitEndsAfterTheHandler(host.gate, .name(.sync), recorder) { [center] in
            center.post(name: .sync, object: nil)
        }
    }

    @Test func aClosureOnAQueue() async {
        let gate = Gate()
        let info = NotificationInfo(name: .sync, center: center, queue: OperationQueue()) { _ in gate.pass() }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        await expectTheWaitEndsAfterTheHandler(gate, .name(.sync), recorder) { [center] in
            center.post(name: .sync, object: nil)
        }
        info.stopListening()
    }

    @Test func aMainActorClosureScheduledFromAnotherThread() async {
        let host = await GatedMainActorHost(center: center)
        let recorder = DeliveryRecorder()
        recorder.record(host)
        await expectTheWaitEndsAfterTheHandler(host.gate, .name(.sync), recorder) { [center] in
            center.post(name: .sync, object: nil)
        }
        withExtendedLifetime(host) {}
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func anAsynchronousMessage() async {
        let gate = Gate()
        let info = NotificationInfo(for: DraftSaved.self, center: center) { _ in
            await onAnotherThread { gate.pass() }
        }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        await expectTheWaitEndsAfterTheHandler(gate, .message(DraftSaved.self), recorder) { [center] in
            center.post(DraftSaved(number: 1))
        }
        info.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func anAsynchronousMessageOfAMainActorOwner() async {
        let host = await GatedMainActorHost(center: center)
        await host.listenToDrafts()
        let recorder = DeliveryRecorder()
        recorder.record(host)
        await expectTheWaitEndsAfterTheHandler(host.gate, .message(DraftSaved.self), recorder) { [center] in
            center.post(DraftSaved(number: 1))
        }
        withExtendedLifetime(host) {}
    }

    /// A main-actor message runs during the post: the post, on the main actor, returns after the handler, and the
    /// delivery is recorded as returned.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @MainActor @Test func aMainActorMessage() async {
        let effect = LockedValueBox(0)
        let store = Store()
        let info = NotificationInfo(for: ThemeChanged.self, center: center) { _ in effect.withLock { $0 += 1 } }
        info.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(info)
        center.post(ThemeChanged(), subject: store)
        await waitForDeliveries(of: .message(ThemeChanged.self), in: recorder, timeout: 0.5)
        #expect(effect.withLock { $0 } == 1)
        info.stopListening()
    }

    /// The recorder keeps the order in which handlers were called, not the order in which they returned.
    @Test func theOrderIsTheOrderOfTheCalls() async {
        let first = Gate()
        let firstInfo = NotificationInfo(name: .ping, center: center) { _ in first.pass() }
        let secondInfo = NotificationInfo(name: .pong, center: center) { _ in }
        firstInfo.startListening()
        secondInfo.startListening()
        let recorder = DeliveryRecorder()
        recorder.record(firstInfo)
        recorder.record(secondInfo)
        let poster = Thread { [center] in center.post(name: .ping, object: nil) }
        poster.start()
        await onAnotherThread { first.entered.wait() }
        center.post(name: .pong, object: nil)  // returns while the first handler still runs
        first.release.signal()
        await waitForDeliveries(.exactly(2), in: recorder)
        #expect(recorder.deliveries.map(\.topic) == [.name(.ping), .name(.pong)])
        firstInfo.stopListening()
        secondInfo.stopListening()
    }

    /// Posts with `post` from another thread, and checks both halves of the promise with a handler that blocks:
    /// while it blocks, a wait times out and says the handler still runs; released a little later, the wait ends
    /// after it returned, so its effect is there.
    private func expectTheWaitEndsAfterTheHandler(
        _ gate: Gate,
        _ topic: NotificationTopic,
        _ recorder: DeliveryRecorder,
        sourceLocation: SourceLocation = #_sourceLocation,
        post: @escaping @Sendable () -> Void
    ) async {
        Thread(block: post).start()
        await onAnotherThread { gate.entered.wait() }
        let issues = await capturedIssues {
            await waitForDeliveries(of: topic, in: recorder, timeout: 0.1)
        }
        #expect(
            issues.first?.headline.contains("had not returned when the wait ended") == true,
            "\(issues.map(\.headline))",
            sourceLocation: sourceLocation
        )
        #expect(gate.returned == 0, sourceLocation: sourceLocation)
        Thread {
            Thread.sleep(forTimeInterval: 0.05)
            gate.release.signal()
        }
        .start()
        await waitForDeliveries(of: topic, in: recorder)
        #expect(gate.returned == 1, "the wait ended before the handler returned", sourceLocation: sourceLocation)
    }
}

/// A handler body that blocks until the test releases it, and counts the calls that returned.
final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private let count = LockedValueBox(0)

    var returned: Int { count.withLock { $0 } }

    func pass() {
        entered.signal()
        release.wait()
        count.withLock { $0 += 1 }
    }
}

/// An engine owner (not a controller) whose selector handler blocks on its gate.
final class GatedHost: NotificationEngineOwner, NotificationSelectorResponder, Sendable {
    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable().adding("didSync:", GatedHost.didSync)
    }

    let notificationEngine: NotificationEngine
    let gate = Gate()

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
    }

    func didSync(_ notification: Notification) { gate.pass() }
}

/// A main-actor owner: its closures run on the main actor, scheduled there when posted from another thread.
@MainActor
final class GatedMainActorHost: MainActorNotificationEngineOwner {
    nonisolated let notificationEngine: NotificationEngine
    nonisolated let gate = Gate()

    init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addLifetimeNotificationInfo(forName: .sync) { host, _ in host.gate.pass() }
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func listenToDrafts() {
        addMessageInfo(for: DraftSaved.self) { host, _ in
            await onAnotherThread { host.gate.pass() }
        }
    }
}
