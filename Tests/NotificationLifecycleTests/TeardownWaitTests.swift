import Foundation
import Testing

@testable import NotificationLifecycle

/// `waitForStoppedHandlers()` returns once every handler call under way for the engine's stopped infos has returned:
/// a handler of a post already under way may run after `disappear()` returns, and teardown waits for it here. Each
/// handler blocks until the test releases it; the order in which the handler and the wait end is what is checked.
// The time limit stops a hang; it is no measure.
@Suite("Waiting for the handlers of stopped infos", .timeLimit(.minutes(5)))
struct TeardownWaitTests {
    let center = NotificationCenter()

    @Test func waitsForAHandlerOfAPostUnderWayOnAnotherThread() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        engine.add(NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in gate.pass(order) })
        await expectTheWaitEndsAfterTheHandlerOfAPostFromAnotherThread(engine, gate, order)
    }

    @Test func waitsForAHandlerScheduledOnTheMainActor() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        let owner = MainActorPinger()
        // Made owned by the engine, as its shorthands make their infos, and added as they add them.
        _ = engine.addMade(
            NotificationInfo(
                handler: .ownedOnMainActor { (_: MainActorPinger, _) in gate.pass(order) },
                observer: owner,
                selector: nil,
                column: #column,
                name: .ping,
                object: nil,
                lifespan: .visible,
                center: center,
                queue: nil,
                fileID: #fileID,
                line: #line,
                owned: true,
                registry: engine.registry
            ),
            fileID: #fileID,
            line: #line
        )
        await expectTheWaitEndsAfterTheHandlerOfAPostFromAnotherThread(engine, gate, order)
        withExtendedLifetime(owner) {}
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func waitsForAnAsynchronousMessageHandler() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        engine.add(
            NotificationInfo(for: Synced.self, lifespan: .visible, center: center) { _ in
                await onAnotherThread { gate.pass(order) }
            }
        )
        engine.appear()
        center.post(Synced(number: 1))
        await gate.waitUntilEntered()
        engine.disappear()
        await expectTheWaitEndsAfterTheHandler(engine, gate, order)
    }

    /// Called from the handler it would wait for, it does not wait for that handler (which could never return
    /// first), but still for another running handler of a stopped info.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func fromItsOwnHandlerItDoesNotWaitForThatHandler() async {
        let engine = NotificationEngine(center: center)
        let other = BlockingGate()
        let order = Recorder<String>()
        engine.add(NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in other.pass(order) })
        let tornDown = Recorder<String>()
        engine.add(
            NotificationInfo(for: Synced.self, lifespan: .visible, center: center) { [weak engine] _ in
                guard let engine else { return }
                engine.disappear()
                // A task the handler makes is part of its call too.
                await Task { await engine.waitForStoppedHandlers() }.value
                order.record("teardown waited")
                tornDown.record("done")
            }
        )
        engine.appear()
        let center = center
        Thread { center.post(name: .ping, object: nil) }.start()
        await other.waitUntilEntered()
        center.post(Synced(number: 1))
        Thread {
            Thread.sleep(forTimeInterval: 0.05)
            other.release.signal()
        }
        .start()
        #expect(await eventually { tornDown.count == 1 })
        #expect(order.events == ["handler returned", "teardown waited"])
    }

    /// A task that a handler made keeps that handler's mark after the call returned and its info is gone: the wait
    /// it makes then still waits for the running handler of another info whose listener was made at the gone one's
    /// address (each listener numbers its calls from 1, so the two calls have the same number too).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aTaskThatOutlivesItsHandlersInfoWaitsForAnInfoMadeAtThatInfosAddress() async {
        let engine = NotificationEngine(center: center)
        engine.appear()
        let (go, letGo) = AsyncStream.makeStream(of: Void.self)
        let order = Recorder<String>()
        let waiter = LockedValueBox<Task<Void, Never>?>(nil)
        var first: NotificationInfo? = NotificationInfo(for: Synced.self, lifespan: .visible, center: center) { _ in
            let task = Task {
                for await _ in go { break }
                await engine.waitForStoppedHandlers()
                order.record("teardown waited")
            }
            waiter.withLock { $0 = task }
        }
        engine.add(first!)
        center.post(Synced(number: 1))
        #expect(await eventually { waiter.withLock { $0 } != nil })
        let address = ObjectIdentifier(first!.listener)
        weak let gone = first!.listener
        engine.remove(first!)
        first = nil
        // Gone at once where nothing holds it but the info (the task's mark may hold it: then the wait is right).
        _ = await eventually(timeout: .seconds(1)) { gone == nil }
        // New infos until one's listener is made at the gone listener's address, if it is gone (the others stay, so
        // that the allocator hands out other blocks next).
        let gate = BlockingGate()
        var made: [NotificationInfo] = []
        var second: NotificationInfo
        repeat {
            second = NotificationInfo(for: Synced.self, lifespan: .visible, center: center) { _ in
                await onAnotherThread { gate.pass(order) }
            }
            made.append(second)
        } while ObjectIdentifier(second.listener) != address && made.count < 2_000
        engine.add(second)
        center.post(Synced(number: 2))
        await gate.waitUntilEntered()
        engine.disappear()
        letGo.yield()
        Thread {
            Thread.sleep(forTimeInterval: 0.05)
            gate.release.signal()
        }
        .start()
        await waiter.withLock { $0 }?.value
        #expect(order.events == ["handler returned", "teardown waited"])
        withExtendedLifetime(made) {}
    }

    /// Posts that keep coming from other threads do not hold the wait (they count in a round it did not close), and
    /// once the wait has returned no handler of the stopped info runs: its count stays where the wait left it while
    /// the posts go on.
    @Test func aSteadyStreamOfPostsNeitherHoldsTheWaitNorOutlivesIt() async {
        let engine = NotificationEngine(center: center)
        let stoppedCalls = LockedValueBox(0)
        let keptCalls = LockedValueBox(0)
        // Each call counts as it returns, after a pause: at the stop some are under way, which the wait waits for.
        engine.add(
            NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in
                Thread.sleep(forTimeInterval: 0.002)
                stoppedCalls.withLock { $0 += 1 }
            }
        )
        // Another info of the name keeps the registration in use, so that the posts go on running its block.
        let kept = NotificationInfo(name: .ping, center: center) { _ in keptCalls.withLock { $0 += 1 } }
        kept.startListening()
        engine.appear()
        let posting = LockedValueBox(true)
        let finished = DispatchGroup()
        let center = center
        for _ in 0..<4 {
            finished.enter()
            Thread {
                while posting.withLock({ $0 }) { center.post(name: .ping, object: nil) }
                finished.leave()
            }
            .start()
        }
        #expect(await eventually { stoppedCalls.withLock { $0 } > 200 })
        engine.disappear()
        await engine.waitForStoppedHandlers()
        let atTheWait = stoppedCalls.withLock { $0 }
        let keptAtTheWait = keptCalls.withLock { $0 }
        #expect(await eventually { keptCalls.withLock { $0 } > keptAtTheWait + 1000 })
        posting.withLock { $0 = false }
        await onAnotherThread { finished.wait() }
        #expect(stoppedCalls.withLock { $0 } == atTheWait)
        kept.stopListening()
    }

    /// A post under way on the name of a stopped info is waited for whole: here its running handler is another
    /// info's, which still listens (both infos share the name's Foundation registration).
    @Test func aPostUnderWayIsWaitedForWholeEvenInAListeningInfosHandler() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        let listening = NotificationInfo(name: .ping, center: center) { _ in gate.pass(order) }
        listening.startListening()
        engine.add(NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in })
        await expectTheWaitEndsAfterTheHandlerOfAPostFromAnotherThread(engine, gate, order)
        #expect(listening.isListening)
        listening.stopListening()
    }

    /// An info taken out with `remove(_:)` is stopped too: its handler under way is waited for.
    @Test func waitsForAHandlerOfAnInfoRemovedFromTheEngine() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        let info = NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in gate.pass(order) }
        engine.add(info)
        engine.appear()
        let center = center
        Thread { center.post(name: .ping, object: nil) }.start()
        await gate.waitUntilEntered()
        engine.remove(info)
        await expectTheWaitEndsAfterTheHandler(engine, gate, order)
    }

    /// A lifespan-bound sequence stopped by its lifespan is waited for: here the post under way that fed it still
    /// runs another info's handler (both share the name's Foundation registration), and is waited for whole.
    @Test func waitsForAPostUnderWayOnAStoppedSequence() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        engine.appear()
        let pings = engine.notifications(named: .ping, during: .visible, buffering: .unbounded)
        // Started after the sequence, so that the post feeds the sequence, then blocks here.
        let blocking = NotificationInfo(name: .ping, center: center) { _ in gate.pass(order) }
        blocking.startListening()
        let center = center
        Thread { center.post(name: .ping, object: nil) }.start()
        await gate.waitUntilEntered()
        engine.disappear()
        await expectTheWaitEndsAfterTheHandler(engine, gate, order)
        var yielded = 0
        for await _ in pings { yielded += 1 }
        #expect(yielded == 1)
        blocking.stopListening()
    }

    /// An info with a queue has a registration of its own, made again at each start: one stopped, started and
    /// stopped again while a handler of its first registration runs is waited for, on that first registration too.
    @Test func waitsForAHandlerOfAnEarlierRegistrationOfAnInfoStartedAgain() async {
        let engine = NotificationEngine(center: center)
        let gate = BlockingGate()
        let order = Recorder<String>()
        let queue = OperationQueue()
        engine.add(
            NotificationInfo(name: .ping, lifespan: .visible, center: center, queue: queue) { _ in gate.pass(order) }
        )
        engine.appear()
        let center = center
        Thread { center.post(name: .ping, object: nil) }.start()
        await gate.waitUntilEntered()
        engine.disappear()
        engine.appear()
        engine.disappear()
        await expectTheWaitEndsAfterTheHandler(engine, gate, order)
    }

    @Test func withNothingRunningItReturnsAtOnce() async {
        let engine = NotificationEngine(center: center)
        let info = NotificationInfo(name: .ping, lifespan: .visible, center: center) { _ in }
        engine.add(info)
        engine.appear()
        center.post(name: .ping, object: nil)
        engine.disappear()
        await engine.waitForStoppedHandlers()
        // A running info is not waited for: its handler is not stopped.
        engine.appear()
        await engine.waitForStoppedHandlers()
        #expect(info.isListening)
    }

    /// Appears, posts `.ping` from another thread, stops the engine while the post's handler runs (the handler still
    /// runs: its post was under way), and expects the wait to end after the handler returned.
    private func expectTheWaitEndsAfterTheHandlerOfAPostFromAnotherThread(
        _ engine: NotificationEngine,
        _ gate: BlockingGate,
        _ order: Recorder<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        engine.appear()
        let center = center
        Thread { center.post(name: .ping, object: nil) }.start()
        await gate.waitUntilEntered()
        engine.disappear()
        await expectTheWaitEndsAfterTheHandler(engine, gate, order, sourceLocation: sourceLocation)
    }

    /// Starts the wait, releases the handler a little later from another thread, and expects the wait to end after
    /// the handler returned.
    private func expectTheWaitEndsAfterTheHandler(
        _ engine: NotificationEngine,
        _ gate: BlockingGate,
        _ order: Recorder<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        Thread {
            Thread.sleep(forTimeInterval: 0.05)
            order.record("released")
            gate.release.signal()
        }
        .start()
        await engine.waitForStoppedHandlers()
        order.record("wait returned")
        #expect(order.events == ["released", "handler returned", "wait returned"], sourceLocation: sourceLocation)
    }
}

/// A handler body that blocks until released, and records that it returned.
final class BlockingGate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    func pass(_ order: Recorder<String>) {
        entered.signal()
        release.wait()
        order.record("handler returned")
    }

    /// Waits, off the cooperative pool, until the handler has begun.
    func waitUntilEntered() async {
        await onAnotherThread { self.entered.wait() }
    }
}

/// A main-actor observer for a scheduled main-actor handler.
final class MainActorPinger: Sendable {}

/// Runs `work` on a new thread, outside the caller's task, and returns when it is done.
func onAnotherThread(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread {
            work()
            done.resume()
        }
        .start()
    }
}

/// ``CallsUnderWay`` as a registration counts its posts, step by step: a wait is resumed once every post that began
/// before it has returned, never held by posts that begin after it, and a wait that comes while another waits
/// resumes when its own posts have returned.
@Suite("Counting the posts under way")
struct PostsUnderWayTests {
    @Test func withNoPostUnderWayAWaitReturnsAtOnce() {
        let posts = Posts()
        posts.wait("first")
        let post = posts.begin()
        posts.end(post)
        posts.wait("second")
        #expect(posts.log == ["first returned at once", "second returned at once"])
    }

    @Test func aWaitIsNotHeldByPostsThatBeginAfterIt() {
        let posts = Posts()
        let early = posts.begin()
        posts.wait("teardown")
        let late = posts.begin()
        posts.end(early)
        posts.end(late)
        #expect(posts.log == ["teardown resumed"])
    }

    @Test func aWaitThatComesWhileAnotherWaitsWaitsForEveryEarlierPost() {
        let posts = Posts()
        let first = posts.begin()
        posts.wait("one")
        let second = posts.begin()
        posts.wait("two")  // the second post began before it
        posts.end(first)
        posts.log.append("first post returned")
        let third = posts.begin()  // after both waits: it holds neither
        posts.end(second)
        posts.end(third)
        #expect(posts.log == ["one resumed", "first post returned", "two resumed"])
    }

    @Test func waitsForTheSamePostsAreResumedTogether() {
        let posts = Posts()
        let post = posts.begin()
        posts.wait("one")
        posts.wait("two")
        posts.end(post)
        posts.wait("three")
        #expect(posts.log == ["one resumed", "two resumed", "three returned at once"])
    }

    /// Calls ``CallsUnderWay`` as a registration and a teardown do, and logs what each wait sees.
    final class Posts {
        var posts = CallsUnderWay<String>()
        var log: [String] = []

        func begin() -> UInt64 { posts.begin() }

        func end(_ post: UInt64) {
            guard posts.end(post) else { return }
            log += posts.settledWaiters().map { "\($0) resumed" }
        }

        func wait(_ name: String) {
            if !posts.wait(for: posts.running(), name) { log.append("\(name) returned at once") }
        }
    }
}
