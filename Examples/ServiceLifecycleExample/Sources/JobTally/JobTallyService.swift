public import Foundation
public import NotificationLifecycle
public import ServiceLifecycle

/// A service that counts the jobs its workers finish while it runs, and the configuration reloads for as long as it
/// lives.
///
/// Race-free by construction: the class is `Sendable`, so the compiler checks that every stored property is safe to
/// reach from any thread. Its handlers run on whichever thread posts, and all they touch is behind one lock
/// (a `LockedState`).
///
/// Its listeners follow its life as a `Service`:
/// - lifetime: `configurationDidReload` is heard from `init` until the service is released;
/// - `.visible`: `jobDidFinish` is heard only while ``run()`` runs, from its start until graceful shutdown (or
///   cancellation) ends it.
public final class JobTallyService: Service, NotificationEngineOwner, Sendable {
    /// The engine that holds the service's two infos.
    public let notificationEngine: NotificationEngine
    private let state = LockedState(State())

    private struct State {
        var tally = Tally()
        var isRunning = false
    }

    /// Makes the service; its lifetime info listens from now on, its visible info once ``run()`` runs.
    ///
    /// - Parameter center: The center the workers and the configuration post to.
    public init(center: NotificationCenter) {
        notificationEngine = NotificationEngine(center: center)
        addNotificationInfo(forName: .configurationDidReload) { service, _ in
            service.state.withLock { $0.tally.reloads += 1 }
        }
        addNotificationInfo(forName: .jobDidFinish, lifespan: .visible) { service, note in
            let worker = note.userInfo?["worker"] as? Int
            service.state.withLock { $0.tally.count(jobBy: worker) }
        }
    }

    /// What the service has heard so far.
    public var tally: Tally { state.withLock { $0.tally } }

    /// Whether ``run()`` listens for jobs: `true` once its `appear()` has returned, `false` again once its
    /// `disappear()` has.
    ///
    /// So a job posted after reading `true` is heard (unless a shutdown began meanwhile), and one posted after
    /// reading `false` at the end of a run is not. The engine's `isActive(.visible)` and the info's `isListening`
    /// turn `true` inside `appear()`, before its registration is made: a job posted from another thread at that
    /// moment may not be heard.
    public var isRunning: Bool { state.withLock { $0.isRunning } }

    /// Listens for finished jobs until graceful shutdown, then stops listening before it returns.
    ///
    /// Once `disappear()` has returned, a job posted later runs no handler, on any thread.
    ///
    /// - Throws: `CancellationError` when the task running it is cancelled before a graceful shutdown.
    public func run() async throws {
        notificationEngine.appear()
        state.withLock { $0.isRunning = true }
        defer {
            notificationEngine.disappear()
            state.withLock { $0.isRunning = false }
        }
        try await gracefulShutdown()
    }
}

/// What a ``JobTallyService`` has heard.
public struct Tally: Sendable, Equatable {
    /// The jobs heard while the service ran.
    public var jobs = 0
    /// The jobs heard per worker number; a job posted without a worker number is counted under `-1`.
    public var jobsByWorker: [Int: Int] = [:]
    /// The configuration reloads heard since the service was made.
    public var reloads = 0

    /// An empty tally.
    public init() {}

    mutating func count(jobBy worker: Int?) {
        jobs += 1
        jobsByWorker[worker ?? -1, default: 0] += 1
    }
}
