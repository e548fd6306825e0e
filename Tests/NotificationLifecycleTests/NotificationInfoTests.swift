import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("NotificationInfo")
struct NotificationInfoTests {
    /// A `name: nil` info is checked for an empty custom lifespan as any other, whether or not the platform reports
    /// the missing name (Linux does, Apple platforms do not): both platforms report the lifespan.
    @Test func aNameNilInfoIsCheckedForAnEmptyLifespanOnEveryPlatform() {
        let problems = { (name: Notification.Name?, reported: Bool) in
            NotificationInfo.inputProblems(name: name, lifespan: .custom(""), nameNilIsReported: reported).map {
                $0("i")
            }
        }
        #expect(problems(nil, true) == [.nameNil(info: "i"), .emptyLifespanName(info: "i")])
        #expect(problems(nil, false) == [.emptyLifespanName(info: "i")])
        #expect(problems(Notification.Name(""), false) == [.emptyName(info: "i"), .emptyLifespanName(info: "i")])
    }

    let center = NotificationCenter()

    @Test func closureInfoDeliversOnlyWhileListening() {
        let calls = Recorder<String>()
        let info = NotificationInfo(name: .ping, center: center) { calls.record($0.name.rawValue) }

        center.post(name: .ping, object: nil)  // not started yet
        info.startListening()
        center.post(name: .ping, object: nil)  // delivered
        center.post(name: .pong, object: nil)  // other name
        info.stopListening()
        center.post(name: .ping, object: nil)  // stopped

        #expect(calls.events == [Notification.Name.ping.rawValue])
        #expect(!info.isListening)
    }

    @Test func startingTwiceRegistersOnce() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }
        info.startListening()
        info.startListening()
        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)
        info.stopListening()
    }

    @Test func concurrentStartsRegisterOnce() {
        let calls = Recorder<Int>()
        for _ in 0..<20 {
            calls.removeAll()
            let info = NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }
            DispatchQueue.concurrentPerform(iterations: 64) { _ in info.startListening() }
            center.post(name: .ping, object: nil)
            #expect(calls.count == 1)
            info.stopListening()
            center.post(name: .ping, object: nil)
            #expect(calls.count == 1)
        }
    }

    @Test func stoppingWhenNotListeningDoesNothing() {
        let info = NotificationInfo(name: .ping, center: center) { _ in }
        info.stopListening()
        info.stopListening()
        #expect(!info.isListening)
        info.startListening()
        #expect(info.isListening)
    }

    @Test func startAndStopMayRepeatForever() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }
        for round in 0..<500 {
            info.startListening()
            center.post(name: .ping, object: nil)
            info.stopListening()
            center.post(name: .ping, object: nil)
            #expect(calls.count == round + 1)
        }
    }

    @Test func stopDuringAPostPreventsTheRestOfThatPost() {
        // Foundation snapshots the observers of a post and calls those removed mid-post. Whichever info runs
        // first stops all eight; none of the other seven may be called.
        let calls = Recorder<Int>()
        let infos = LockedValueBox<[NotificationInfo]>([])
        for index in 0..<8 {
            let info = NotificationInfo(name: .ping, center: center) { _ in
                calls.record(index)
                for other in infos.withLock({ $0 }) { other.stopListening() }
            }
            infos.withLock { $0.append(info) }
        }
        for info in infos.withLock({ $0 }) { info.startListening() }

        center.post(name: .ping, object: nil)

        #expect(calls.count == 1)
        #expect(infos.withLock { $0 }.allSatisfy { !$0.isListening })
    }

    @Test func restartingOtherInfosDuringAPostSkipsTheirEarlierRegistrations() {
        // Foundation snapshots the observers of a post. Whichever info runs first stops and restarts the other
        // seven: their new registrations are not in the snapshot, and the snapshot's blocks belong to registrations
        // that were stopped, so none of the seven may be called in this post (a new registration's block holds the
        // info's core itself only when no earlier block holds it any more; otherwise a marker of its own).
        let calls = Recorder<Int>()
        let infos = LockedValueBox<[NotificationInfo]>([])
        let restarted = LockedValueBox(false)
        for index in 0..<8 {
            let info = NotificationInfo(name: .ping, center: center) { _ in
                calls.record(index)
                let first = restarted.withLock { restarted in
                    defer { restarted = true }
                    return !restarted
                }
                guard first else { return }
                for (other, info) in infos.withLock({ $0 }).enumerated() where other != index {
                    info.stopListening()
                    info.startListening()
                }
            }
            infos.withLock { $0.append(info) }
        }
        for info in infos.withLock({ $0 }) { info.startListening() }

        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)

        center.post(name: .ping, object: nil)
        #expect(calls.count == 9)
        for info in infos.withLock({ $0 }) { info.stopListening() }
    }

    @Test func restartingDuringAPostDoesNotDeliverTwice() {
        let calls = Recorder<Int>()
        let box = LockedValueBox<NotificationInfo?>(nil)
        let info = NotificationInfo(name: .ping, center: center) { _ in
            calls.record(1)
            box.withLock { $0 }?.stopListening()
            box.withLock { $0 }?.startListening()
        }
        box.withLock { $0 = info }
        info.startListening()
        center.post(name: .ping, object: nil)
        #expect(calls.count == 1)
        center.post(name: .ping, object: nil)
        #expect(calls.count == 2)
        info.stopListening()
    }

    /// Stopping and starting again inside a post: the post's snapshot still holds the earlier registration's node,
    /// whose call is late and must not reach the handler a second time; the new registration hears the next post.
    @Test func restartingInsideAPostDeliversOncePerPost() {
        let calls = Recorder<Int>()
        let infoBox = LockedValueBox<NotificationInfo?>(nil)
        let info = NotificationInfo(name: .ping, center: center) { _ in
            calls.record(1)
            guard let info = infoBox.withLock({ $0 }) else { return }
            info.stopListening()
            info.startListening()
        }
        info.startListening()
        infoBox.withLock { $0 = info }
        center.post(name: .ping, object: nil)  // heard once; the handler restarts the info
        #expect(calls.count == 1)
        center.post(name: .ping, object: nil)  // heard through the new registration, once
        #expect(calls.count == 2)
        infoBox.withLock { $0 = nil }
        info.stopListening()
        center.post(name: .ping, object: nil)  // stopped
        #expect(calls.count == 2)
    }

    @Test func releasingAListeningInfoRemovesItsRegistration() {
        let calls = Recorder<Int>()
        var info: NotificationInfo? = NotificationInfo(name: .ping, center: center) { _ in calls.record(1) }
        info?.startListening()
        weak let probe = info
        info = nil
        #expect(isGone(probe))
        center.post(name: .ping, object: nil)
        #expect(calls.count == 0)
        #expect(RegistrationLedger.infos(on: center).isEmpty)
    }

    @Test func ledgerListsLiveInfosAcrossSweepsOfReleasedOnes() {
        // Released infos leave the ledger in sweeps (at least every 1,024 entries); 3,000 made and released here
        // force several, while ten kept infos must stay listed throughout.
        let kept = (0..<10).map { _ in NotificationInfo(name: .ping, center: center) { _ in } }
        for _ in 0..<3_000 {
            _ = NotificationInfo(name: .pong, center: center) { _ in }
        }
        let listed = Set(RegistrationLedger.infos(on: center).map(ObjectIdentifier.init))
        #expect(listed == Set(kept.map(ObjectIdentifier.init)))
        kept[0].startListening()
        #expect(RegistrationLedger.listeningInfos(on: center).map(ObjectIdentifier.init) == [ObjectIdentifier(kept[0])])
        kept[0].stopListening()
    }

    /// A refused duplicate is named with its lifespan, which made it a duplicate, although the engine did not take it.
    @Test func aRefusedStandaloneDuplicateIsNamedWithItsLifespan() {
        let engine = NotificationEngine(center: center)
        let infos = (0..<2).map { _ in NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in } }
        let diagnostics = capturingDiagnostics { for info in infos { engine.add(info) } }.diagnostics
        #expect(diagnostics.map(\.rule) == [.duplicateRegistration])
        #expect(diagnostics.first?.message.contains("lifespan: visible, handler: closure") == true)
    }

    /// A standalone info ignores its lifespan, and its description leaves it out; an engine's info shows it.
    @Test func descriptionNamesEveryPart() {
        let sender = Sender()
        let info = NotificationInfo(name: .ping, object: sender, lifespan: .custom("editing"), center: center) { _ in
        }
        info.startListening()
        #expect(
            info.description
                == "NotificationInfo(name: NotificationLifecycleTests.ping, sender: Sender, handler: closure, listening)"
        )
        #expect(info.selector == nil)
        info.stopListening()
        let engine = NotificationEngine(center: center)
        engine.add(info)
        #expect(
            info.description
                == "NotificationInfo(name: NotificationLifecycleTests.ping, sender: Sender, "
                + "lifespan: custom(\"editing\"), handler: closure, not listening)"
        )
    }

    // MARK: - Queues

    @Test func queueDeliveryRunsOnTheQueue() {
        let queue = OperationQueue()
        queue.name = "NotificationLifecycleTests.queue"
        let names = Recorder<String?>()
        let info = NotificationInfo(name: .ping, center: center, queue: queue) { _ in
            names.record(OperationQueue.current?.name)
        }
        info.startListening()
        center.post(name: .ping, object: nil)
        queue.waitUntilAllOperationsAreFinished()
        #expect(names.events == ["NotificationLifecycleTests.queue"])
        info.stopListening()
    }
}
