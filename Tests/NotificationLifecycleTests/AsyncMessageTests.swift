import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

/// Foundation runs each asynchronous-message handler in a task of its own, after the post returns: these tests wait
/// for deliveries with `eventually`, and give pending tasks time with `settle()` before checking that none ran.
// The time limit stops a hang; it is no measure (see `eventually`).
@Suite("Asynchronous message infos", .timeLimit(.minutes(10)))
@MainActor
struct AsyncMessageTests {
    let center = NotificationCenter()

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func visibleInfoDeliversOnlyWhileAppeared() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Synced.self, lifespan: .visible) { c, message in
            c.events.record("synced \(message.number)")
        }
        center.post(Synced(number: 1))
        controller.appear()
        center.post(Synced(number: 2))
        #expect(await eventually { controller.events.count == 1 })
        controller.disappear()
        center.post(Synced(number: 3))
        controller.appear()
        center.post(Synced(number: 4))
        #expect(await eventually { controller.events.count == 2 })
        await settle()
        #expect(controller.events.events == ["synced 2", "synced 4"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infosDeclaredInPopulateFollowTheControllersLifecycle() async {
        var screen: MessageScreen? = MessageScreen(notificationCenter: center)
        let events = screen!.events
        center.post(Synced(number: 1))
        #expect(await eventually { events.count == 1 })
        screen?.appear()
        center.post(Synced(number: 2))
        #expect(await eventually { events.count == 3 })
        screen?.disappear()
        center.post(Synced(number: 3))
        #expect(await eventually { events.count == 4 })
        screen = nil
        center.post(Synced(number: 4))
        await settle()
        #expect(
            Set(events.events) == [
                "lifetime.synced 1", "lifetime.synced 2", "visible.synced 2", "lifetime.synced 3",
            ]
        )
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func handlersRunConcurrentlyAsFoundationRunsThem() async {
        let controller = ScriptedController(notificationCenter: center)
        let inFlight = LockedValueBox(0)
        let sawBothInFlight = Recorder<Bool>()
        controller.addMessageInfo(for: Synced.self) { _, _ in
            inFlight.withLock { $0 += 1 }
            // Each call waits (without blocking a thread) until the other has begun too: only possible if the two
            // calls run at the same time.
            let both = await eventually(timeout: .seconds(240)) { inFlight.withLock { $0 } == 2 }
            sawBothInFlight.record(both)
        }
        center.post(Synced(number: 1))
        center.post(Synced(number: 2))
        #expect(await eventually { sawBothInFlight.count == 2 })
        #expect(sawBothInFlight.events == [true, true])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @MainActor @Test func mainActorFormRunsTheHandlerOnTheMainActor() async {
        let controller = ScriptedController(notificationCenter: center)
        let onMainQueue = Recorder<Bool>()
        controller.addMessageInfo(for: Synced.self) { @MainActor _, _ in
            onMainQueue.record(MainQueue.isCurrent)
        }
        // A @MainActor model's form: the closure needs no annotation there.
        let model = TickModel(notificationCenter: center)
        model.addMessageInfo(for: Ticked.self) { _, _ in onMainQueue.record(MainQueue.isCurrent) }
        center.post(Synced(number: 1))
        center.post(Ticked(number: 2))
        #expect(await eventually { onMainQueue.count == 2 })
        #expect(onMainQueue.events == [true, true])
        #expect(controller.notificationEngine.infos.map(\.kind) == [.asyncMessage])
        #expect(model.notificationEngine.infos.map(\.kind) == [.asyncMessage])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @MainActor
    @Test func mainActorFormStoppedBeforeTheMainActorIsFreeIsNotCalled() async {
        // Posting and stopping in one stretch of main-actor work: the call Foundation queued can only check the
        // registration once the main actor is free, after the stop, so it must never run.
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Synced.self, lifespan: .visible) { @MainActor c, _ in c.events.record("called") }
        let sibling = Recorder<Int>()
        let siblingInfo = NotificationInfo(for: Synced.self, center: center) { sibling.record($0.number) }
        siblingInfo.startListening()
        for round in 0..<50 {
            controller.appear()
            center.post(Synced(number: round))
            controller.disappear()
        }
        #expect(await eventually { sibling.count == 50 })
        await settle()
        #expect(controller.events.count == 0)
        siblingInfo.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func subjectFilterPassesOnlyThatSubjectsMessages() async {
        let controller = ScriptedController(notificationCenter: center)
        let mine = Document()
        let other = Document()
        controller.addMessageInfo(for: Synced.self, subject: .only(mine)) { c, message in
            c.events.record("mine \(message.number)")
        }
        controller.addMessageInfo(for: Synced.self) { c, message in c.events.record("any \(message.number)") }
        center.post(Synced(number: 1), subject: mine)
        center.post(Synced(number: 2), subject: other)
        center.post(Synced(number: 3))
        #expect(await eventually { controller.events.count == 4 })
        await settle()
        #expect(Set(controller.events.events) == ["mine 1", "any 1", "any 2", "any 3"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageWhoseSubjectIsNotAnObjectIsDelivered() async {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Ticked.self, center: center) { calls.record($0.number) }
        info.startListening()
        center.post(Ticked(number: 1))
        #expect(await eventually { calls.events == [1] })
        info.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func startingTwiceRegistersOnceAndStoppingTwiceChangesNothing() async {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Synced.self, center: center) { calls.record($0.number) }
        info.startListening()
        info.startListening()
        #expect(info.isListening)
        center.post(Synced(number: 1))
        #expect(await eventually { calls.count == 1 })
        info.stopListening()
        info.stopListening()
        #expect(!info.isListening)
        center.post(Synced(number: 2))
        await settle()
        #expect(calls.events == [1])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func concurrentStartsMakeOneRegistration() async {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Synced.self, center: center) { calls.record($0.number) }
        DispatchQueue.concurrentPerform(iterations: 64) { _ in info.startListening() }
        center.post(Synced(number: 1))
        #expect(await eventually { calls.count == 1 })
        await settle()
        #expect(calls.events == [1])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func noHandlerCallBeginsAfterStopReturns() async {
        // Each round posts while listening and stops at once: Foundation has queued the call, and usually runs it
        // after the stop. Such a call must be dropped; one that began before the stop may run. Handlers and the
        // test write into one recorder, so its order is the order in which things happened.
        let timeline = Recorder<String>()
        let controller = ScriptedController(notificationCenter: center)
        controller.addMessageInfo(for: Synced.self, lifespan: .visible) { _, message in
            timeline.record("call \(message.number)")
        }
        // A sibling that keeps listening shows when Foundation has run the calls of a round.
        let sibling = Recorder<Int>()
        let siblingInfo = NotificationInfo(for: Synced.self, center: center) { sibling.record($0.number) }
        siblingInfo.startListening()
        let rounds = 200
        for round in 0..<rounds {
            controller.appear()
            center.post(Synced(number: round))
            controller.disappear()
            // A call let through before the stop may still run after it returns (the promise of a stop); once this
            // wait returns, none of the stopped info's calls runs or begins.
            await controller.notificationEngine.waitForStoppedHandlers()
            timeline.record("stopped \(round)")
        }
        #expect(await eventually { sibling.count == rounds })
        await settle()
        #expect(callsBegunAfterTheirStop(timeline.events, rounds: rounds) == [])
        siblingInfo.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func callQueuedBeforeAStopIsDroppedEvenOnceListeningAgain() async {
        // After each stop the info listens again at once: a call Foundation queued for the old registration must
        // not reach the handler through the new one.
        let timeline = Recorder<String>()
        let info = NotificationInfo(for: Synced.self, center: center) { timeline.record("call \($0.number)") }
        // In an engine, for its teardown wait.
        let engine = NotificationEngine(center: center)
        engine.add(info)
        let sibling = Recorder<Int>()
        let siblingInfo = NotificationInfo(for: Synced.self, center: center) { sibling.record($0.number) }
        siblingInfo.startListening()
        info.startListening()
        let rounds = 200
        for round in 0..<rounds {
            center.post(Synced(number: round))
            info.stopListening()
            // A call let through before the stop may still run after it returns; once this wait returns, none does.
            await engine.waitForStoppedHandlers()
            timeline.record("stopped \(round)")
            info.startListening()
        }
        #expect(await eventually { sibling.count == rounds })
        await settle()
        info.stopListening()
        #expect(callsBegunAfterTheirStop(timeline.events, rounds: rounds) == [])
        siblingInfo.stopListening()
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func releasedOwnerIsNotRetainedAndLeavesNoRegistration() async {
        let calls = Recorder<Int>()
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        controller?.addMessageInfo(for: Synced.self) { _, message in calls.record(message.number) }
        controller?.addMessageInfo(for: Synced.self, subject: .only(Document())) { _, _ in }
        weak let probe = controller
        controller = nil
        #expect(isGone(probe))
        #expect(RegistrationLedger.infos(on: center).isEmpty)
        center.post(Synced(number: 1))
        await settle()
        #expect(calls.count == 0)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func ownerReleasedWhileCallsArePendingIsNotRevived() async {
        let calls = Recorder<Int>()
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        controller?.addMessageInfo(for: Synced.self) { _, message in calls.record(message.number) }
        for number in 0..<20 { center.post(Synced(number: number)) }
        weak let probe = controller
        controller = nil
        await settle()
        // Calls that began before the release ran; the owner is gone and nothing runs later.
        #expect(isGone(probe))
        let delivered = calls.count
        await settle()
        #expect(calls.count == delivered)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func stoppingRemovesOnlyItsOwnRegistration() async {
        let raw = Recorder<Int>()
        let token = center.addObserver(for: Synced.self) { raw.record($0.number) }
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        controller?.addMessageInfo(for: Synced.self, lifespan: .visible) { _, _ in }
        controller?.addMessageInfo(for: Synced.self) { _, _ in }
        controller?.appear()
        controller?.disappear()
        center.post(Synced(number: 1))
        controller = nil
        center.post(Synced(number: 2))
        #expect(await eventually { raw.count == 2 })
        #expect(Set(raw.events) == [1, 2])
        center.removeObserver(token)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infoAddedWhileItsLifespanIsActiveStartsAtOnce() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.appear()
        let info = controller.addMessageInfo(for: Synced.self, lifespan: .visible) { c, _ in c.events.record("visible")
        }
        #expect(info.isListening)
        center.post(Synced(number: 1))
        #expect(await eventually { controller.events.events == ["visible"] })
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func sameListenerTwiceIsRefusedAndReported() async {
        let controller = ScriptedController(notificationCenter: center)
        var infos: [NotificationInfo] = []
        let rules = reportedRules {
            for _ in 0..<2 {
                infos.append(controller.addMessageInfo(for: Synced.self) { c, _ in c.events.record("synced") })
            }
        }
        #expect(rules == [.duplicateRegistration])
        #expect(infos[0] === infos[1])
        center.post(Synced(number: 1))
        #expect(await eventually { controller.events.count == 1 })
        await settle()
        #expect(controller.events.events == ["synced"])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func listenersOfOneClosureDifferingInTypeOrSubjectAreNotDuplicates() {
        let controller = ScriptedController(notificationCenter: center)
        func addAnySubject<Message: NotificationCenter.AsyncMessage>(_ type: Message.Type) {
            controller.addMessageInfo(for: type) { _, _ in }
        }
        func addOneSubject(_ document: Document) {
            controller.addMessageInfo(for: Synced.self, subject: .only(document)) { _, _ in }
        }
        let first = Document()
        let second = Document()
        let differing = reportedRules {
            addAnySubject(Synced.self)
            addAnySubject(Ticked.self)
            addOneSubject(first)
            addOneSubject(second)
        }
        #expect(differing.isEmpty)
        #expect(controller.notificationEngine.infos.count == 4)
        let repeated = reportedRules {
            addAnySubject(Ticked.self)
            addOneSubject(second)
        }
        #expect(repeated == [.duplicateRegistration, .duplicateRegistration])
        #expect(controller.notificationEngine.infos.count == 4)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func infosShowTheirKindAndMessageType() {
        let controller = ScriptedController(notificationCenter: center)
        let info = controller.addMessageInfo(for: Synced.self, lifespan: .visible) { _, _ in }
        #expect(info.kind == .asyncMessage)
        #expect(info.messageType == Synced.self)
        #expect(info.messageType != Pinged.self)
        #expect(info.lifespan == .visible)
        #expect(
            info.description
                == "NotificationInfo(asyncMessage: NotificationLifecycleTests.Synced, subject: any, lifespan: visible, "
                + "handler: closure, not listening)"
        )
        controller.appear()
        #expect(RegistrationLedger.listeningInfos(on: center).map(ObjectIdentifier.init) == [ObjectIdentifier(info)])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func deliveryTapSeesEveryMessageHandlerCall() async {
        let controller = ScriptedController(notificationCenter: center)
        let info = controller.addMessageInfo(for: Synced.self) { c, _ in c.events.record("handler") }
        let seen = Recorder<DeliveryEvent>()
        controller.notificationEngine.setDeliveryTap { event in
            seen.record(event)
            controller.events.record("tap")
        }
        center.post(Synced(number: 1), subject: Document())
        #expect(await eventually { controller.events.count == 2 })
        #expect(controller.events.events == ["tap", "handler"])
        #expect(seen.events.first?.info === info)
        #expect(seen.events.first?.name.rawValue == "NotificationLifecycleTests.Synced")
        #expect(seen.events.first?.sender == nil)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func releasedSubjectStopsTheInfoAndIsReported() async {
        var document: Document? = Document()
        let info = NotificationInfo(for: Synced.self, subject: .only(document!), center: center) { _ in }
        info.startListening()
        document = nil
        let (listening, diagnostics) = capturingDiagnostics { info.isListening }
        #expect(!listening)
        #expect(diagnostics.map(\.rule) == [.senderReleased])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func asyncListenDuringListensOnlyAroundTheBody() async {
        let calls = Recorder<Int>()
        let info = NotificationInfo(for: Synced.self, center: center) { calls.record($0.number) }
        let center = center
        await info.listen(during: {
            center.post(Synced(number: 1))
            _ = await eventually { calls.count == 1 }
        })
        center.post(Synced(number: 2))
        await settle()
        #expect(calls.events == [1])
        #expect(!info.isListening)
    }

    /// The rounds whose call began after "stopped <round>" was recorded.
    private func callsBegunAfterTheirStop(_ events: [String], rounds: Int) -> [Int] {
        (0..<rounds).filter { round in
            guard let call = events.firstIndex(of: "call \(round)") else { return false }
            return call > events.firstIndex(of: "stopped \(round)")!
        }
    }
}

/// A `@MainActor` controller, as a view model is.
@MainActor
final class TickModel: ControllerBase {}
