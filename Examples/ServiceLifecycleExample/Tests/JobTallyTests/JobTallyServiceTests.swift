import Foundation
import JobTally
import Logging
import NotificationLifecycle
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing
import UnixSignals

@Suite("JobTallyService: its listeners follow run() and end on graceful shutdown")
struct JobTallyServiceTests {
    @Test func underAServiceGroupEightThreadsAreCountedExactlyAndNothingAfterTheShutdown() async throws {
        let center = NotificationCenter()
        let service = JobTallyService(center: center)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [service], logger: Logger(label: "JobTallyTests"))
        )

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await waitUntil("the service runs") { service.isRunning }

            await postJobs(from: 8, jobsEach: 500, to: center, whileReading: service)
            #expect(service.tally.jobs == 8 * 500)
            #expect(service.tally.jobsByWorker == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 500) }))

            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()  // the group's run() returns once the service's run() has
        }

        #expect(!service.isRunning)
        await postJobs(from: 8, jobsEach: 10, to: center, whileReading: service)
        #expect(service.tally.jobs == 8 * 500)  // no handler ran for a post after the shutdown
    }

    @Test func aSigtermToThisProcessShutsTheGroupDownGracefully() async throws {
        let center = NotificationCenter()
        let service = JobTallyService(center: center)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [service],
                gracefulShutdownSignals: [.sigterm],
                logger: Logger(label: "JobTallyTests")
            )
        )
        let running = Task { try await group.run() }
        // The group traps SIGTERM before it starts the service: once the service runs, the signal is the group's.
        try await waitUntil("the service runs") { service.isRunning }
        center.postJobDidFinish(worker: 3)

        kill(getpid(), SIGTERM)
        try await running.value  // returns without throwing: a graceful shutdown, not a cancellation

        #expect(!service.isRunning)
        center.postJobDidFinish(worker: 3)
        #expect(service.tally.jobsByWorker == [3: 1])
    }

    @Test func theVisibleInfoListensOnlyWhileRunRuns() async throws {
        let center = NotificationCenter()
        let service = JobTallyService(center: center)
        let visible = try #require(service.notificationEngine.infos.first { $0.lifespan == .visible })

        center.postJobDidFinish(worker: 1)  // before run(): not heard
        #expect(!visible.isListening)

        try await testGracefulShutdown { shutdown in
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await service.run() }
                try await waitUntil("the service runs") { service.isRunning }
                #expect(visible.isListening)
                center.postJobDidFinish(worker: 1)
                center.postJobDidFinish(worker: 2)
                #expect(service.tally.jobs == 2)  // heard on the posting thread, before post() returned

                shutdown.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
        }

        #expect(!visible.isListening)
        center.postJobDidFinish(worker: 1)  // after run() returned: not heard
        #expect(service.tally.jobs == 2)
        #expect(service.tally.jobsByWorker == [1: 1, 2: 1])
    }

    @Test func aJobPostedOnceIsRunningReadsTrueIsHeard() async throws {
        // run() starts on another thread each round, and the post follows the first `true` at once: the window in
        // which the visible lifespan is active but its registration not yet made is met a few times in 1000.
        for round in 0..<2000 {
            let center = NotificationCenter()
            let service = JobTallyService(center: center)
            let running = Task.detached { try await service.run() }
            try await waitUntil("the service runs", spinning: true) { service.isRunning }
            center.postJobDidFinish(worker: round)
            running.cancel()
            _ = await running.result
            try #require(service.tally.jobs == 1, "round \(round)")
        }
    }

    @Test func cancellingRunAlsoStopsTheVisibleInfo() async throws {
        let center = NotificationCenter()
        let service = JobTallyService(center: center)

        let running = Task { try await service.run() }
        try await waitUntil("the service runs") { service.isRunning }
        center.postJobDidFinish(worker: 0)
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }

        #expect(!service.isRunning)
        center.postJobDidFinish(worker: 0)
        #expect(service.tally.jobs == 1)
    }

    @Test func theLifetimeInfoListensRunningOrNotUntilTheServiceIsReleased() async throws {
        let center = NotificationCenter()
        var service: JobTallyService? = JobTallyService(center: center)
        let infos = service?.notificationEngine.infos ?? []
        #expect(infos.map(\.lifespan) == [.lifetime, .visible])

        center.post(name: .configurationDidReload, object: nil)  // before run()
        try await testGracefulShutdown { shutdown in
            let running = Task { [service] in try await service?.run() }
            try await waitUntil("the service runs") { service?.isRunning == true }
            center.post(name: .configurationDidReload, object: nil)  // while it runs
            shutdown.triggerGracefulShutdown()
            try await running.value
        }
        center.post(name: .configurationDidReload, object: nil)  // after the shutdown
        #expect(service?.tally.reloads == 3)
        #expect(infos.map(\.isListening) == [true, false])

        weak let probe = service
        service = nil

        #expect(probe == nil)
        #expect(infos.allSatisfy { !$0.isListening })
        center.post(name: .configurationDidReload, object: nil)  // nobody left to hear it
    }
}
