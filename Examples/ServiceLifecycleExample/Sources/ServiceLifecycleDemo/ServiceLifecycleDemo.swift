import Foundation
import JobTally
import Logging
import NotificationLifecycle
import ServiceLifecycle
import UnixSignals

/// Runs a JobTallyService under a ServiceGroup, posts to it from eight threads, ends it with a real SIGTERM and
/// shows that nothing is heard after the graceful shutdown, then releases it.
@main
enum ServiceLifecycleDemo {
    static let workers = 8
    static let jobsPerWorker = 1000

    static func main() async throws {
        let center = NotificationCenter()
        var service: JobTallyService? = JobTallyService(center: center)
        print("ServiceLifecycleDemo: a JobTallyService counts the jobDidFinish its workers post while it runs, and")
        print("configurationDidReload for as long as it lives.")

        if let service { try await walk(service, center: center) }

        print("")
        print("6. The service is released")
        let infos = service?.notificationEngine.infos ?? []
        weak let probe = service
        service = nil
        print("   service deinitialised: \(probe == nil ? "yes" : "no")")
        print("   its infos still listening: \(infos.filter(\.isListening).count) of \(infos.count)")
    }

    /// Steps 1 to 5: the group runs the service until SIGTERM, and jobs reach it only while it runs.
    private static func walk(_ service: JobTallyService, center: NotificationCenter) async throws {
        print("")
        print("1. Made, not yet run: the lifetime info listens, the visible one waits for run()")
        showInfos(of: service)
        center.post(name: .configurationDidReload, object: nil)
        center.postJobDidFinish(worker: 0)
        print("   posted 1 reload and 1 job before run(): heard \(describe(service.tally))")

        print("")
        print("2. A ServiceGroup runs it, with SIGTERM as its graceful shutdown signal")
        var logger = Logger(label: "ServiceLifecycleDemo")
        logger.logLevel = .info  // the group logs its steps at debug
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [service],
                gracefulShutdownSignals: [.sigterm],
                logger: logger
            )
        )
        let running = Task { try await group.run() }
        // The group traps its signals before it starts its services: once run() listens, SIGTERM is safe to send.
        try await waitUntil("the service runs") { service.isRunning }
        showInfos(of: service)

        print("")
        print("3. \(workers) threads post \(jobsPerWorker) jobs each, and one reload each, while the tally is read")
        await post(from: workers, jobsEach: jobsPerWorker, reload: true, to: center) { _ = service.tally }
        let whileRunning = service.tally
        print("   heard while running: \(describe(whileRunning))")
        print("   every worker heard in full: \(whileRunning.jobsByWorker == fullTally)")

        print("")
        print("4. This process sends itself SIGTERM")
        kill(getpid(), SIGTERM)
        try await running.value
        print("   the group's run() returned: the service's run() ended at the graceful shutdown")
        print("   running: \(service.isRunning)")
        showInfos(of: service)

        print("")
        print("5. \(workers) threads post 1 job each, and one reload each, after the shutdown")
        await post(from: workers, jobsEach: 1, reload: true, to: center) { _ = service.tally }
        let afterShutdown = service.tally
        let lateJobs = afterShutdown.jobs - whileRunning.jobs
        let lateReloads = afterShutdown.reloads - whileRunning.reloads
        let late = lateJobs == 0 ? "none (still \(afterShutdown.jobs) in all)" : "\(lateJobs)"
        print("   jobs heard after the shutdown: \(late)")
        print("   reloads heard after the shutdown: \(lateReloads) (the lifetime info listens until the release)")
    }

    /// What a worker count of `workers` each posting `jobsPerWorker` jobs adds up to.
    private static var fullTally: [Int: Int] {
        Dictionary(uniqueKeysWithValues: (0..<workers).map { ($0, jobsPerWorker) })
    }

    /// Posts from `threads` threads of their own at once; `read` runs on this task meanwhile, until they are done.
    private static func post(
        from threads: Int,
        jobsEach: Int,
        reload: Bool,
        to center: NotificationCenter,
        whileReading read: () -> Void
    ) async {
        let done = DispatchGroup()
        for worker in 0..<threads {
            done.enter()
            Thread {
                for _ in 0..<jobsEach { center.postJobDidFinish(worker: worker) }
                if reload { center.post(name: .configurationDidReload, object: nil) }
                done.leave()
            }.start()
        }
        while done.wait(timeout: .now()) == .timedOut {
            read()
            await Task.yield()
        }
    }

    private static func showInfos(of service: JobTallyService) {
        for info in service.notificationEngine.infos {
            let name = info.name?.rawValue ?? "-"
            print("   \(name) (\(info.lifespan)): \(info.isListening ? "listening" : "not listening")")
        }
    }

    private static func describe(_ tally: Tally) -> String {
        "\(tally.jobs) job(s) from \(tally.jobsByWorker.count) worker(s), \(tally.reloads) reload(s)"
    }

    /// Waits, a millisecond at a time, until `condition` holds; throws after five seconds.
    private static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw DemoError("timed out waiting until \(what)") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
