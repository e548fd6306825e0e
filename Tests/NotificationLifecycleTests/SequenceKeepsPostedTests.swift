import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

/// A lifespan-bound sequence keeps every value whose post returned before its lifespan stopped, up to its buffering
/// policy, then finishes. These tests read the sequence only after the stop, so nothing is consumed while posting.
// The time limit stops a hang; it is no measure.
@Suite("Sequences keep what was posted before the stop", .timeLimit(.minutes(10)))
struct SequenceKeepsPostedTests {
    let center = NotificationCenter()

    /// Five messages posted, then a stop, then read: in post order, as Foundation's own `messages(of:for:)` yields
    /// them, in each of 50 runs (Foundation runs each observer call in a task of its own, in any order).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func fiveAsyncMessagesPostedThenAStopArriveInPostOrder() async {
        for _ in 1...50 {
            let engine = NotificationEngine(center: center)
            engine.appear()
            let synced = engine.messages(for: Synced.self, during: .visible, buffering: .unbounded)
            for number in 1...5 { center.post(Synced(number: number)) }
            engine.disappear()
            var numbers: [Int] = []
            for await message in synced { numbers.append(message.number) }
            #expect(numbers == [1, 2, 3, 4, 5])
        }
    }

    /// The same for one subject: the messages of another subject are not yielded.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func fiveAsyncMessagesOfOneSubjectArriveInPostOrder() async {
        let document = Document()
        let other = Document()
        for _ in 1...50 {
            let engine = NotificationEngine(center: center)
            engine.appear()
            let synced = engine.messages(
                for: Synced.self,
                subject: .only(document),
                during: .visible,
                buffering: .unbounded
            )
            for number in 1...5 {
                center.post(Synced(number: number), subject: document)
                center.post(Synced(number: -number), subject: other)
            }
            engine.disappear()
            var numbers: [Int] = []
            for await message in synced { numbers.append(message.number) }
            #expect(numbers == [1, 2, 3, 4, 5])
        }
    }

    /// A sequence of one subject never yields a message posted with another object, even one made at the address of
    /// the released subject (Foundation matches a subject by its address); the sequence ends then, as at a stop.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aSequenceOfAReleasedSubjectYieldsNoMessageOfANewObjectAtItsAddress() async {
        let engine = NotificationEngine(center: center)
        engine.appear()
        var document: Document? = Document()
        let synced = engine.messages(
            for: Synced.self,
            subject: .only(document!),
            during: .visible,
            buffering: .unbounded
        )
        document = nil
        // New objects, some of which may be made at the released subject's address (reported as a released sender).
        for number in 1...64 { center.post(Synced(number: number), subject: Document()) }
        // Time for the sequence to read what Foundation gave it (a check that nothing happened waits a while).
        await settle()
        engine.disappear()
        var numbers: [Int] = []
        for await message in synced { numbers.append(message.number) }
        #expect(numbers == [])
    }

    @Test func fiveNotificationsPostedThenAStopAllArriveInPostOrder() async {
        let engine = NotificationEngine(center: center)
        engine.appear()
        let saves = engine.notifications(named: .save, during: .visible, buffering: .unbounded)
        for number in 1...5 { center.post(name: .save, object: nil, userInfo: ["number": number]) }
        engine.disappear()
        var numbers: [Int] = []
        for await save in saves { numbers.append(save.userInfo?["number"] as? Int ?? -1) }
        #expect(numbers == [1, 2, 3, 4, 5])
    }

    /// A thousand notifications, posted from one thread while the consumer reads: yielded in post order, all of them.
    @Test func aThousandNotificationsArriveInPostOrder() async {
        let engine = NotificationEngine(center: center)
        engine.appear()
        let saves = engine.notifications(named: .save, during: .visible, buffering: .unbounded)
        let consumer = Task {
            var numbers: [Int] = []
            for await save in saves { numbers.append(save.userInfo?["number"] as? Int ?? -1) }
            return numbers
        }
        let center = center
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for number in 1...1000 { center.post(name: .save, object: nil, userInfo: ["number": number]) }
                done.resume()
            }
            .start()
        }
        engine.disappear()
        #expect(await consumer.value == Array(1...1000))
    }

    /// A thousand asynchronous messages, posted from one thread while the consumer reads, then a stop: every one
    /// arrives, in post order, in each of 50 runs.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aThousandAsyncMessagesArriveInPostOrder() async {
        for _ in 1...50 {
            let engine = NotificationEngine(center: center)
            engine.appear()
            let synced = engine.messages(for: Synced.self, during: .visible, buffering: .unbounded)
            let consumer = Task {
                var numbers: [Int] = []
                for await message in synced { numbers.append(message.number) }
                return numbers
            }
            let center = center
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    for number in 1...1000 { center.post(Synced(number: number)) }
                    done.resume()
                }
                .start()
            }
            engine.disappear()
            #expect(await consumer.value == Array(1...1000))
        }
    }

    /// A full buffer drops what its policy says: `.bufferingNewest(2)` keeps the last two posted before the stop,
    /// `.bufferingOldest(2)` the first two; each sequence reports its first drop.
    @Test func aFullBufferKeepsWhatItsPolicySays() async {
        let engine = NotificationEngine(center: center)
        engine.appear()
        let reported = Recorder<NotificationDiagnostic>()
        let handler: @Sendable (NotificationDiagnostic) -> Void = { reported.record($0) }
        let (newest, oldest) = DiagnosticScope.withHandler(handler) {
            (
                engine.notifications(named: .save, during: .visible, buffering: .bufferingNewest(2)),
                engine.notifications(named: .save, during: .visible, buffering: .bufferingOldest(2))
            )
        }
        for number in 1...5 { center.post(name: .save, object: nil, userInfo: ["number": number]) }
        engine.disappear()
        #expect(reported.events.map(\.rule) == [.sequenceDroppedValues, .sequenceDroppedValues])
        var kept: [Int] = []
        for await save in newest { kept.append(save.userInfo?["number"] as? Int ?? -1) }
        #expect(kept == [4, 5])
        kept = []
        for await save in oldest { kept.append(save.userInfo?["number"] as? Int ?? -1) }
        #expect(kept == [1, 2])
    }

    /// Posts after the stop are not yielded, and the sequence finishes although nothing reads it until then.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aMessagePostedAfterTheStopIsNotYielded() async {
        let engine = NotificationEngine(center: center)
        engine.appear()
        let synced = engine.messages(for: Synced.self, during: .visible, buffering: .unbounded)
        center.post(Synced(number: 1))
        engine.disappear()
        center.post(Synced(number: 2))
        var numbers: [Int] = []
        for await message in synced { numbers.append(message.number) }
        #expect(numbers == [1])
    }

    /// Another thread posting while the sequence is made: a message posted between its two registrations may move its
    /// end by one (as `messages(for:)` documents), so at most as many as were posted during the call are left out,
    /// only the last ones before the stop, and the rest come in post order. The poster goes on until 300 messages
    /// more than it had posted when the call returned, so every round checks something.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func postsFromAnotherThreadDuringTheCallMoveTheEndByAtMostTheirNumber() async {
        for _ in 1...8 {
            let engine = NotificationEngine(center: center)
            engine.appear()
            // The last number posted, and the number posted when the call returned.
            let posted = LockedValueBox((last: 0, whenMade: Int?.none))
            let center = center
            let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
            let poster = Task.detached {
                await onOwnThread {
                    var number = 0
                    while true {
                        number += 1
                        if number == 20 { startedContinuation.yield() }
                        center.post(Synced(number: number))
                        let whenMade = posted.withLock { state in
                            state.last = number
                            return state.whenMade
                        }
                        if let whenMade, number >= whenMade + 300 { return number }
                    }
                }
            }
            for await _ in started { break }
            let before = posted.withLock { $0.last }
            let synced = engine.messages(for: Synced.self, during: .visible, buffering: .unbounded)
            let after = posted.withLock { state in
                state.whenMade = state.last
                return state.last
            }
            let total = await poster.value
            engine.disappear()
            var numbers: [Int] = []
            for await message in synced { numbers.append(message.number) }
            #expect(numbers == numbers.sorted())
            // Posts `before + 1` to `after + 1` may have begun during the call; every later one began after it.
            let missing = Set(after + 2...total).subtracting(numbers).sorted()
            #expect(missing.count <= after - before + 1, "\(missing.count) left out, \(after - before + 1) posted")
            #expect(missing == Array(total + 1 - missing.count..<total + 1), "left out: \(missing.prefix(5))")
        }
    }
}
