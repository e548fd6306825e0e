import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

/// A main-actor screen model that declares typed-message handlers updating its main-actor state.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
@MainActor
final class ThemeModel: ControllerBase {
    private(set) var lastPing = 0
    private(set) var syncs: [Int] = []

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addMessageInfo(for: Pinged.self, lifespan: .visible) { model, message in model.lastPing = message.number }
        addMessageInfo(for: Synced.self, lifespan: .visible) { model, message in model.recordSync(message.number) }
    }

    func recordSync(_ number: Int) {
        syncs.append(number)
    }
}

/// Main-actor messages must be posted on the main actor; on Linux Swift Testing runs main-actor tests on the main
/// dispatch queue, though not on the main thread.
@Suite("Main-actor message infos")
@MainActor
struct MainActorMessageTests {
    let center = NotificationCenter()

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func visibleInfoDeliversOnlyWhileAppeared() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Pinged.self, lifespan: .visible) { c, message in
            c.events.record("pinged \(message.number)")
        }
        center.post(Pinged(number: 1))
        controller.appear()
        center.post(Pinged(number: 2))
        controller.disappear()
        center.post(Pinged(number: 3))
        controller.appear()
        center.post(Pinged(number: 4))
        #expect(controller.events.events == ["pinged 2", "pinged 4"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infosDeclaredInPopulateFollowTheControllersLifecycle() {
        var screen: MessageScreen? = MessageScreen(notificationCenter: center)
        let events = screen!.events
        center.post(Pinged(number: 1))
        screen?.appear()
        center.post(Pinged(number: 2))
        screen?.disappear()
        center.post(Pinged(number: 3))
        screen = nil
        center.post(Pinged(number: 4))
        // The infos of one message type share a registration and hear a post in the order they started listening:
        // the lifetime info started when the screen was made, the visible one at appear().
        #expect(
            events.events.filter { $0.contains("pinged") } == [
                "lifetime.pinged 1", "lifetime.pinged 2", "visible.pinged 2", "lifetime.pinged 3",
            ]
        )
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func handlerRunsOnTheMainActorWhileTheMessageIsPosted() {
        let controller = ScriptedController(notificationCenter: center)
        let onMainQueue = Recorder<Bool>()
        controller.addMessageInfo(for: Pinged.self) { _, _ in onMainQueue.record(MainQueue.isCurrent) }
        center.post(Pinged(number: 1))
        // Synchronous: the handler already ran when post returned.
        #expect(onMainQueue.events == [true])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func mainActorModelUpdatesItsStateFromBothMessageKinds() async {
        let model = ThemeModel(notificationCenter: center)
        model.appear()
        center.post(Pinged(number: 7))
        #expect(model.lastPing == 7)
        center.post(Synced(number: 8))
        #expect(await eventually { model.syncs == [8] })
        model.disappear()
        center.post(Pinged(number: 9))
        #expect(model.lastPing == 7)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func subjectFilterPassesOnlyThatSubjectsMessages() {
        let controller = ScriptedController(notificationCenter: center)
        let mine = Document()
        let other = Document()
        controller.addMessageInfo(for: Pinged.self, subject: .only(mine)) { c, message in
            c.events.record("mine \(message.number)")
        }
        center.post(Pinged(number: 1), subject: mine)
        center.post(Pinged(number: 2), subject: other)
        center.post(Pinged(number: 3))
        #expect(controller.events.events == ["mine 1"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageWhoseSubjectIsNotAnObjectIsDelivered() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Beeped.self, lifespan: .editing) { c, message in
            c.events.record("beeped \(message.number)")
        }
        center.post(Beeped(number: 1))
        controller.notificationEngine.start(.editing)
        center.post(Beeped(number: 2))
        controller.notificationEngine.stop(.editing)
        center.post(Beeped(number: 3))
        #expect(controller.events.events == ["beeped 2"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func startingTwiceRegistersOnceAndStoppingTwiceChangesNothing() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Pinged.self, center: center) { calls.record($0.number) }
        info.startListening()
        info.startListening()
        #expect(info.isListening)
        center.post(Pinged(number: 1))
        info.stopListening()
        info.stopListening()
        #expect(!info.isListening)
        center.post(Pinged(number: 2))
        #expect(calls.events == [1])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func concurrentStartsMakeOneRegistration() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Pinged.self, center: center) { calls.record($0.number) }
        DispatchQueue.concurrentPerform(iterations: 64) { _ in info.startListening() }
        center.post(Pinged(number: 1))
        #expect(calls.events == [1])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func handlerStoppedEarlierInTheSamePostIsNotCalled() {
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Pinged.self, lifespan: .visible) { c, _ in
            c.events.record("first")
            c.disappear()
        }
        controller.addMessageInfo(for: Pinged.self, lifespan: .visible) { c, _ in
            c.events.record("second")
            c.disappear()
        }
        controller.appear()
        center.post(Pinged(number: 1))
        // Both are in the post's snapshot; the first (in start order) stops the second, which is not called.
        #expect(controller.events.events == ["first"])
        #expect(controller.notificationEngine.infos.allSatisfy { !$0.isListening })
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func releasedOwnerIsNotRetainedAndLeavesNoRegistration() {
        let calls = Recorder<Int>()
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        controller?.addMessageInfo(for: Pinged.self) { _, message in calls.record(message.number) }
        controller?.appear()
        controller?.addMessageInfo(for: Pinged.self, subject: .only(Document()), lifespan: .visible) { _, _ in }
        weak let probe = controller
        controller = nil
        #expect(isGone(probe))
        #expect(RegistrationLedger.infos(on: center).isEmpty)
        center.post(Pinged(number: 1))
        #expect(calls.count == 0)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func stoppingRemovesOnlyItsOwnRegistration() {
        let raw = Recorder<Int>()
        let token = center.addObserver(for: Pinged.self) { raw.record($0.number) }
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        controller?.addMessageInfo(for: Pinged.self, lifespan: .visible) { _, _ in }
        controller?.addMessageInfo(for: Pinged.self) { _, _ in }
        controller?.appear()
        controller?.disappear()
        center.post(Pinged(number: 1))
        controller = nil
        center.post(Pinged(number: 2))
        #expect(raw.events == [1, 2])
        center.removeObserver(token)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infoAddedWhileItsLifespanIsActiveStartsAtOnce() {
        let controller = ScriptedController(notificationCenter: center)
        controller.appear()
        controller.notificationEngine.start(.editing)
        let visible = controller.addMessageInfo(for: Pinged.self, lifespan: .visible) { c, _ in
            c.events.record("visible")
        }
        let editing = controller.addMessageInfo(for: Pinged.self, lifespan: .editing) { c, _ in
            c.events.record("editing")
        }
        let syncing = controller.addMessageInfo(for: Pinged.self, lifespan: .syncing) { c, _ in
            c.events.record("syncing")
        }
        #expect(visible.isListening)
        #expect(editing.isListening)
        #expect(!syncing.isListening)
        center.post(Pinged(number: 1))
        #expect(Set(controller.events.events) == ["visible", "editing"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func sameListenerTwiceIsRefusedAndReported() {
        let controller = ScriptedController(notificationCenter: center)
        var infos: [NotificationInfo] = []
        let rules = reportedRules {
            for _ in 0..<2 {
                infos.append(controller.addMessageInfo(for: Pinged.self) { c, _ in c.events.record("pinged") })
            }
        }
        #expect(rules == [.duplicateRegistration])
        #expect(infos[0] === infos[1])
        #expect(controller.notificationEngine.infos.count == 1)
        center.post(Pinged(number: 1))
        #expect(controller.events.events == ["pinged"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infosShowTheirKindAndMessageType() {
        let controller = ScriptedController(notificationCenter: center)
        let document = Document()
        let info = controller.addMessageInfo(for: Pinged.self, subject: .only(document)) { _, _ in }
        #expect(info.kind == .mainActorMessage)
        #expect(info.isMessageInfo)
        #expect(info.messageType == Pinged.self)
        #expect(info.messageType != Beeped.self)
        #expect(info.name?.rawValue == "NotificationLifecycleTests.Pinged")
        #expect(info.object === document)
        #expect(info.selector == nil)
        #expect(
            info.description
                == "NotificationInfo(mainActorMessage: NotificationLifecycleTests.Pinged, subject: Document, "
                + "lifespan: lifetime, handler: closure, listening)"
        )
        #expect(controller.notificationEngine.infos.map(\.kind) == [.mainActorMessage])
        #expect(RegistrationLedger.listeningInfos(on: center).map(ObjectIdentifier.init) == [ObjectIdentifier(info)])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func deliveryTapSeesEveryMessageHandlerCall() {
        let controller = ScriptedController(notificationCenter: center)
        let document = Document()
        let info = controller.addMessageInfo(for: Pinged.self, subject: .only(document)) { c, _ in
            c.events.record("handler")
        }
        let seen = Recorder<DeliveryEvent>()
        controller.notificationEngine.setDeliveryTap { event in
            seen.record(event)
            controller.events.record("tap")
        }
        center.post(Pinged(number: 1), subject: document)
        #expect(controller.events.events == ["tap", "handler"])
        #expect(seen.events.first?.info === info)
        #expect(seen.events.first?.name == info.name)
        #expect(seen.events.first?.sender == ObjectIdentifier(document))
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func releasedSubjectStopsTheInfoAndIsReported() {
        var document: Document? = Document()
        let info = NotificationInfo(for: Pinged.self, subject: .only(document!), center: center) { _ in }
        info.startListening()
        document = nil
        let (listening, diagnostics) = capturingDiagnostics { info.isListening }
        #expect(!listening)
        #expect(diagnostics.map(\.rule) == [.senderReleased])
        let rules = reportedRules { info.startListening() }
        #expect(rules.isEmpty)  // reported once, above
        #expect(!info.isListening)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func listenDuringListensOnlyAroundTheBody() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Pinged.self, center: center) { calls.record($0.number) }
        center.post(Pinged(number: 1))
        info.listen(during: { center.post(Pinged(number: 2)) })
        center.post(Pinged(number: 3))
        #expect(calls.events == [2])
        #expect(!info.isListening)
    }
}
