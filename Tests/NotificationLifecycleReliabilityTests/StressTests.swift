import Foundation
import Testing

@testable import NotificationLifecycle

extension ReliabilityTests {
    /// Many threads at once on the same infos and controllers, bounded in operations and time.
    ///
    /// Afterwards no handler ran twice for one post, every info's `isListening` matches what the center holds (probe
    /// posts; in queue mode the center's own operations), and releasing everything leaves nothing on the center.
    @Suite("Stress")
    @MainActor
    struct StressTests {
        /// Reports a stress run may make: its threads race to add, remove and start infos of released controllers,
        /// and a controller may be released while a thread is inside one of its engine's calls (Swift ends a
        /// reference's lifetime after its last use), so that the call meets a finished engine.
        static let expectedRules: Set<NotificationDiagnostic.Rule> = [
            .duplicateRegistration, .foreignInfo, .observerReleased, .engineFinished,
        ]

        @Test("Threads on the same infos, handlers on the posting thread", arguments: [UInt64(1), 2])
        func postingThread(seed: UInt64) async {
            let run = StressRun(mode: .postingThread, seed: seed, mainLog: MainActorLog())
            let group = run.startStress()
            #expect(await group.finished(within: run.budget.seconds + 30), "deadlock: the threads did not finish")
            Self.checkQuiet(run)
        }

        @Test("Threads on the same infos, each info delivering on its own OperationQueue")
        func operationQueue() async {
            let run = StressRun(mode: .operationQueue, seed: 3, mainLog: MainActorLog())
            let group = run.startStress()
            #expect(await group.finished(within: run.budget.seconds + 30), "deadlock: the threads did not finish")
            Self.checkQuiet(run)
        }

        @MainActor
        @Test("Threads on the same infos, with main-actor handlers, while the main actor posts too")
        func mainActorHandlers() async {
            let run = StressRun(mode: .mainActor, seed: 4, mainLog: MainActorLog())
            let group = run.startStress()
            let finished = LockedValueBox<Bool?>(nil)
            Thread.detachNewThread {
                let result = group.wait(timeout: run.budget.seconds + 30)
                finished.withLock { $0 = result }
            }
            // Meanwhile the main actor posts too (its handlers run at once) and runs the scheduled handler calls.
            var rng = SplitMix64(seed: 5)
            while finished.withLock({ $0 }) == nil {
                run.post(rng.chance(50) ? .ping : .pong, from: rng.chance(50) ? run.senders[rng.below(2)] : nil)
                await Task.yield()
            }
            #expect(finished.withLock { $0 } == true, "deadlock: the threads did not finish")
            // Let every scheduled main-actor call run (or be dropped) before counting.
            var quiet = 0
            let limit = Date(timeIntervalSinceNow: 5)
            while quiet < 200, Date() < limit {
                let before = run.mainLog.total
                await Task.yield()
                quiet = run.mainLog.total == before ? quiet + 1 : 0
            }
            #expect(run.mainLog.repeated.isEmpty, "main-actor handlers ran twice for one post: \(run.mainLog.repeated)")
            #expect(run.mainLog.total > 0)
            Self.checkQuiet(run)
        }

        /// The hottest contention: eight threads start, stop, hold and lifecycle the same three infos. Afterwards the
        /// center holds exactly one registration for each listening info and none for the others, counted by the
        /// center's own operations on each info's queue (a doubled registration is invisible to handlers).
        @Test("Threads start and stop the same three infos: the center holds one registration per listening info")
        func sameInfosFromEveryThread() async {
            let center = NotificationCenter()
            let engine = NotificationEngine(center: center)
            let calls = DeliveryLog()
            let infos = (0..<3).map { index in
                NotificationInfo(
                    name: .ping,
                    lifespan: index == 0 ? .visible : .lifetime,
                    center: center,
                    queue: CountingQueue()
                ) { note in calls.record("i\(index)", note) }
            }
            engine.add(infos[0])
            let deadline = Date(timeIntervalSinceNow: 1.5)
            let group = ThreadGroup()
            group.start(8) { thread in
                var rng = SplitMix64(seed: 100 &+ UInt64(thread))
                for step in 0..<4_000 {
                    if step % 64 == 0, Date() > deadline { break }
                    let info = infos[rng.below(3)]
                    switch rng.below(6) {
                    case 0, 1: info.startListening()
                    case 2, 3: info.stopListening()
                    case 4: info.listen { _ = info.isListening }
                    default: rng.chance(50) ? engine.appear() : engine.disappear()
                    }
                }
            }
            #expect(await group.finished(within: 30), "deadlock: the threads did not finish")
            for (index, info) in infos.enumerated() {
                let queue = info.queue as! CountingQueue
                // As the threads left it, then stopped (a leaked registration shows here), then started once more.
                for round in 0..<3 {
                    if round == 1 { info.stopListening() }
                    if round == 2 { info.startListening() }
                    let before = queue.addedCount
                    center.post(name: .ping, object: nil, userInfo: Post.userInfo(index * 10 + round))
                    let held = queue.addedCount - before
                    let listening = info.isListening
                    if round > 0 { #expect(listening == (round == 2)) }
                    #expect(
                        held == (listening ? 1 : 0),
                        "i\(index) round \(round): listening \(listening), but the center holds \(held) registrations"
                    )
                }
                info.stopListening()
            }
            #expect(calls.repeated.isEmpty)
            #expect(RegistrationLedger.listeningInfos(on: center).isEmpty)
        }

        private static func checkQuiet(_ run: StressRun, sourceLocation: SourceLocation = #_sourceLocation) {
            let operations = run.operations.withLock { $0 }
            if ProcessInfo.processInfo.environment["NL_TEST_STATS"] != nil {
                print("stress \(run.mode.rawValue): \(operations) operations on \(run.budget.threads) threads")
            }
            #expect(operations > 0, sourceLocation: sourceLocation)
            #expect(run.log.total > 0, "no handler ever ran", sourceLocation: sourceLocation)
            #expect(
                run.log.repeated.isEmpty,
                "handlers ran twice for one post: \(run.log.repeated)",
                sourceLocation: sourceLocation
            )
            #expect(
                run.taps.repeated.isEmpty,
                "infos delivered twice for one post: \(run.taps.repeated)",
                sourceLocation: sourceLocation
            )
            let unexpected = run.reports.withLock { $0 }.filter { !expectedRules.contains($0.rule) }
            #expect(unexpected.isEmpty, "unexpected reports: \(unexpected.prefix(3))", sourceLocation: sourceLocation)
            for problem in run.probe() {
                Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            }
            for problem in run.releaseEverything() {
                Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            }
        }
    }
}
