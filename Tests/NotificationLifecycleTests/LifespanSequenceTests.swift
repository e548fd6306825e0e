import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

// The time limit stops a hang; it is no measure (see `eventually`).
@Suite("Lifespan-bound sequences", .timeLimit(.minutes(10)))
@MainActor
struct LifespanSequenceTests {
    let center = NotificationCenter()

    /// Posts `.save` with `number` in its user info.
    private func postSave(_ number: Int) {
        center.post(name: .save, object: nil, userInfo: ["number": number])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func notificationSequenceYieldsWhileVisibleAndFinishesAtDisappear() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.appear()
        let saves = controller.notificationEngine.notifications(named: .save, during: .visible, buffering: .unbounded)
        let received = Recorder<Int>()
        let consumer = Task {
            for await save in saves {
                received.record(save.userInfo?["number"] as? Int ?? -1)
            }
            return "finished"
        }
        postSave(1)
        postSave(2)
        #expect(await eventually { received.count == 2 })
        // The consumer is waiting for the next value when the lifespan stops: it gets the end of the sequence.
        controller.disappear()
        #expect(await consumer.value == "finished")
        postSave(3)
        #expect(received.events == [1, 2])
        #expect(RegistrationLedger.infos(on: center).isEmpty)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func valuesBufferedBeforeTheStopAreYieldedThenTheSequenceEnds() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.appear()
        let saves = controller.notificationEngine.notifications(named: .save, during: .visible, buffering: .unbounded)
        postSave(1)
        postSave(2)
        controller.disappear()
        postSave(3)
        var numbers: [Int] = []
        for await save in saves {
            numbers.append(save.userInfo?["number"] as? Int ?? -1)
        }
        #expect(numbers == [1, 2])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func sequenceFinishesWhenItsControllerIsReleased() async {
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        let saves = controller!.notificationEngine.notifications(
            named: .save,
            during: .lifetime,
            buffering: .bufferingNewest(4)
        )
        let received = Recorder<Int>()
        let consumer = Task {
            for await _ in saves { received.record(1) }
            return "finished"
        }
        postSave(1)
        #expect(await eventually { received.count == 1 })
        weak let probe = controller
        controller = nil
        #expect(isGone(probe))
        #expect(await consumer.value == "finished")
        #expect(RegistrationLedger.infos(on: center).isEmpty)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func sequenceOfACustomLifespanFinishesWhenItStops() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.notificationEngine.start(.editing)
        let saves = controller.notificationEngine.notifications(named: .save, during: .editing, buffering: .unbounded)
        let inactive = controller.notificationEngine.notifications(
            named: .save,
            during: .syncing,
            buffering: .unbounded
        )
        postSave(1)
        controller.notificationEngine.stop(.editing)
        postSave(2)
        var count = 0
        for await _ in saves { count += 1 }
        #expect(count == 1)
        // A sequence made while its lifespan is not active is finished from the start.
        var inactiveCount = 0
        for await _ in inactive { inactiveCount += 1 }
        #expect(inactiveCount == 0)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func sequenceOfAStandaloneEngineFinishesAtStopAll() async {
        let engine = NotificationEngine(center: center)
        let saves = engine.notifications(named: .save, during: .lifetime, buffering: .unbounded)
        postSave(1)
        engine.stopAll()
        postSave(2)
        var count = 0
        for await _ in saves { count += 1 }
        #expect(count == 1)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func senderFilterAppliesToTheSequence() async {
        let controller = ScriptedController(notificationCenter: center)
        let sender = Sender()
        let saves = controller.notificationEngine.notifications(
            named: .save,
            object: sender,
            during: .lifetime,
            buffering: .unbounded
        )
        center.post(name: .save, object: sender)
        center.post(name: .save, object: Sender())
        center.post(name: .save, object: nil)
        controller.notificationEngine.stopAll()
        var senders: [ObjectIdentifier?] = []
        for await save in saves {
            senders.append(save.object.map { ObjectIdentifier($0 as AnyObject) })
        }
        #expect(senders == [ObjectIdentifier(sender)])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func droppedValuesAreReportedOnceAndThePolicyDecidesWhichAreKept() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.appear()
        let (sequences, diagnostics) = capturingDiagnostics {
            let newest = controller.notificationEngine.notifications(
                named: .save,
                during: .visible,
                buffering: .bufferingNewest(2)
            )
            let oldest = controller.notificationEngine.notifications(
                named: .save,
                during: .visible,
                buffering: .bufferingOldest(2)
            )
            for number in 1...5 { postSave(number) }
            return (newest, oldest)
        }
        #expect(diagnostics.map(\.rule) == [.sequenceDroppedValues, .sequenceDroppedValues])
        #expect(diagnostics.first?.message.contains("notifications named NotificationLifecycleTests.save") == true)
        #expect(diagnostics.first?.message.contains("Iterate it faster or buffer more") == true)
        #expect(diagnostics.first?.fileID == "NotificationLifecycleTests/LifespanSequenceTests.swift")
        controller.disappear()
        var newest: [Int] = []
        for await save in sequences.0 { newest.append(save.userInfo?["number"] as? Int ?? -1) }
        var oldest: [Int] = []
        for await save in sequences.1 { oldest.append(save.userInfo?["number"] as? Int ?? -1) }
        #expect(newest == [4, 5])
        #expect(oldest == [1, 2])
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func unboundedSequenceNeverReportsADrop() {
        let controller = ScriptedController(notificationCenter: center)
        let rules = reportedRules {
            let saves = controller.notificationEngine.notifications(
                named: .save,
                during: .lifetime,
                buffering: .unbounded
            )
            for number in 1...100 { postSave(number) }
            _ = saves
        }
        #expect(rules.isEmpty)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func consumerThatStopsIteratingRemovesTheRegistration() async {
        let controller = ScriptedController(notificationCenter: center)
        let saves = controller.notificationEngine.notifications(named: .save, during: .lifetime, buffering: .unbounded)
        #expect(RegistrationLedger.listeningInfos(on: center).count == 1)
        let consumer = Task {
            for await _ in saves {}
        }
        consumer.cancel()
        await consumer.value
        #expect(await eventually { RegistrationLedger.infos(on: center).isEmpty })
        // The lifespan stays active for everything else.
        #expect(controller.notificationEngine.isActive(.lifetime))
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageSequenceYieldsWhileVisibleAndFinishesAtDisappear() async {
        let controller = ScriptedController(notificationCenter: center)
        controller.appear()
        let synced = controller.notificationEngine.messages(for: Synced.self, during: .visible, buffering: .unbounded)
        let received = Recorder<Int>()
        let consumer = Task {
            for await message in synced { received.record(message.number) }
            return "finished"
        }
        for number in 1...3 { center.post(Synced(number: number)) }
        #expect(await eventually { received.count == 3 })
        // Foundation runs asynchronous-message observers in tasks of their own: any order.
        #expect(Set(received.events) == [1, 2, 3])
        controller.disappear()
        #expect(await consumer.value == "finished")
        center.post(Synced(number: 4))
        await settle()
        #expect(received.count == 3)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageSequenceFinishesWhenItsControllerIsReleased() async {
        var controller: ScriptedController? = ScriptedController(notificationCenter: center)
        let document = Document()
        let synced = controller!.notificationEngine.messages(
            for: Synced.self,
            subject: .only(document),
            during: .lifetime,
            buffering: .unbounded
        )
        let received = Recorder<Int>()
        let consumer = Task {
            for await message in synced { received.record(message.number) }
            return "finished"
        }
        center.post(Synced(number: 1), subject: document)
        center.post(Synced(number: 2), subject: Document())
        #expect(await eventually { received.count == 1 })
        controller = nil
        #expect(await consumer.value == "finished")
        #expect(received.events == [1])
        // The registration is gone at once; Foundation's task that delivered the message may hold the info a moment
        // longer (and the ledger lists an info someone still holds), so the info goes with that task.
        #expect(RegistrationLedger.listeningInfos(on: center).isEmpty)
        #expect(await eventually { RegistrationLedger.infos(on: center).isEmpty })
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func messageSequenceReportsDropsToTheTaskThatMadeIt() async {
        let controller = ScriptedController(notificationCenter: center)
        let reported = Recorder<NotificationDiagnostic>()
        // The drop happens in a task Foundation starts, outside this scope: the report still reaches its handler.
        let handler: @Sendable (NotificationDiagnostic) -> Void = { reported.record($0) }
        let synced = DiagnosticScope.withHandler(handler) {
            controller.notificationEngine.messages(for: Synced.self, during: .lifetime, buffering: .bufferingOldest(1))
        }
        for number in 1...5 { center.post(Synced(number: number)) }
        #expect(await eventually { reported.count == 1 })
        await settle()
        #expect(reported.events.map(\.rule) == [.sequenceDroppedValues])
        #expect(reported.events.first?.message.contains("messages NotificationLifecycleTests.Synced") == true)
        _ = synced
    }
}
