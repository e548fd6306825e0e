import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

private final class Box: @unchecked Sendable {
    let lock = NSLock()
    var infos: [NotificationInfo?] = []
    var count = 0
    func take(_ i: Int) -> NotificationInfo? {
        lock.lock()
        defer { lock.unlock() }
        let info = infos[i]
        infos[i] = nil
        return info
    }
    func bump() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    func put(_ i: Int, _ info: NotificationInfo) {
        lock.lock()
        infos[i] = info
        lock.unlock()
    }
    func clear() {
        lock.lock()
        infos = []
        lock.unlock()
    }
}

private final class ProbeSender: @unchecked Sendable {}

/// Weak references to every info a race made, to wait until each one is gone.
private final class MadeInfos: @unchecked Sendable {
    // Safe: `infos` is only touched while `lock` is held.
    private struct Weak {
        weak var info: NotificationInfo?
    }
    private let lock = NSLock()
    private var infos: [Weak] = []

    func add(_ info: NotificationInfo) {
        lock.lock()
        infos.append(Weak(info: info))
        lock.unlock()
    }

    /// How many are still alive.
    var alive: Int {
        lock.lock()
        defer { lock.unlock() }
        return infos.count { $0.info != nil }
    }
}

/// The shared registrations under threads racing start, stop, release and post, handlers that release infos, idle
/// registrations dropped while infos still cache their lists, and a center that goes with its infos.
@Suite("Hub under races and releases", .serialized)
struct HubRaceTests {
    /// Threads race start, stop, release and post on two shared names, with sender filters, queues and handlers that
    /// release other infos (and themselves).
    ///
    /// When every thread has joined and the test has let go of every info, a registration may still be in use for a
    /// moment: another thread of the process can hold one of the infos. ``RegistrationLedger``'s sweep, run by any
    /// thread that makes an info once the ledger has doubled (RegistrationLedger.swift, `insert` and
    /// `Table.sweepInfos`), loads every live info of every center as a strong reference and releases it after its
    /// lock; so can a concurrent `RegistrationLedger.infos(on:)`. The info's `deinit`, which unlinks its core, then
    /// runs on that thread, later. So the test waits until every info it made is gone, and then until the hub has
    /// settled; a registration in use after that would be a defect of the hub (issue 24, item 1).
    ///
    /// The race runs on threads of its own, and the test waits for it without holding a thread of the cooperative
    /// pool: run there (with `concurrentPerform`), it held both of the pool's threads for seconds, and the other
    /// suites' tasks waited.
    @Test func racingStartStopReleasePost() async {
        let center = NotificationCenter()
        let made = MadeInfos()
        // Every post of a sender-filtered info whose sender is gone reports it once; they are expected here.
        let reported = LockedValueBox<[NotificationDiagnostic.Rule]>([])
        let record: @Sendable (NotificationDiagnostic) -> Void = { diagnostic in
            reported.withLock { $0.append(diagnostic.rule) }
        }
        await onOwnThread {
            DiagnosticScope.withHandler(record) {
                // The threads below do not inherit this scope: the center is claimed for it instead.
                DiagnosticRouting.claim(center)
                Self.race(on: center, made: made)
            }
        }
        #expect(reported.withLock { $0.allSatisfy { $0 == .senderReleased } })
        let hub = CenterRegistry.existing(for: center)
        #expect(settles { made.alive == 0 }, "\(made.alive) infos are still held by someone after 10 seconds")
        let settled = settles { hub.map { $0.registrationCounts.total == $0.registrationCounts.idle } ?? true }
        let counts = hub?.registrationCounts
        #expect(settled, "a registration is in use with no info alive: \(String(describing: counts))")
    }

    /// The race of ``racingStartStopReleasePost()``; releases every info it made, as far as it holds them.
    private static func race(on center: NotificationCenter, made: MadeInfos) {
        let names = [Notification.Name("probe.a"), Notification.Name("probe.b")]
        let queue = OperationQueue()
        let box = Box()
        box.infos = Array(repeating: nil, count: 64)
        let rounds = 400
        do {
            onThreads(4) { t in
                do {
                    for r in 0..<rounds {
                        let name = names[(t + r) % 2]
                        let sender: ProbeSender? = r % 3 == 0 ? ProbeSender() : nil
                        let slot = (t * 16 + r) % 64
                        let info: NotificationInfo
                        switch r % 4 {
                        case 0:
                            // Releases another info, maybe the one in its own slot (itself).
                            info = NotificationInfo(name: name, object: sender, center: center) { _ in
                                _ = box.take((slot + 1) % 64)
                                _ = box.take(slot)
                                box.bump()
                            }
                        case 1:
                            info = NotificationInfo(name: name, center: center, queue: r % 8 == 1 ? queue : nil) { _ in
                                box.bump()
                            }
                        default:
                            info = NotificationInfo(name: name, object: sender, center: center) { _ in box.bump() }
                        }
                        made.add(info)
                        info.startListening()
                        box.put(slot, info)
                        center.post(name: name, object: sender)
                        center.post(name: names[(t + r + 1) % 2], object: nil)
                        if r % 5 == 0 { info.stopListening() }
                        if r % 7 == 0 { info.startListening() }
                        _ = info.isListening
                        withExtendedLifetime(sender) {}
                        center.post(name: name, object: nil)
                    }
                }
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        box.clear()
        #expect(box.count > 0)
    }

    /// What ``racingStartStopReleasePost()`` waits for, made deterministic: an info another thread still holds (as
    /// the ledger's sweep does for a moment) keeps its registration in use after the test lets go of it, and the
    /// registration goes idle when that holder lets go. Not a defect: the info is alive, so it listens.
    @Test func registrationStaysInUseWhileAnotherHolderKeepsTheInfo() {
        let center = NotificationCenter()
        var info: NotificationInfo? = NotificationInfo(name: Notification.Name("probe.held"), center: center) { _ in }
        info?.startListening()
        // What a sweep of the registry's ledger does on whichever thread makes an info: load every live info.
        var heldElsewhere: [NotificationInfo]? = RegistrationLedger.infos(on: center)
        let hub = CenterRegistry.existing(for: center)
        info = nil
        #expect(hub.map { $0.registrationCounts.total - $0.registrationCounts.idle } == 1)
        heldElsewhere = nil
        #expect(hub.map { $0.registrationCounts.total - $0.registrationCounts.idle } == 0)
        withExtendedLifetime(heldElsewhere) {}
    }

    /// A handler releases the last reference to its own info (first in the list, plain closure), and to the next
    /// one, which must then not be called.
    @Test func handlerReleasesItselfAndNext() {
        let center = NotificationCenter()
        let name = Notification.Name("probe.self")
        let box = Box()
        box.infos = [nil, nil, nil]
        let calls = Box()
        box.infos[0] = NotificationInfo(name: name, center: center) { _ in
            calls.bump()
            _ = box.take(0)
            _ = box.take(1)
        }
        box.infos[1] = NotificationInfo(name: name, center: center) { _ in
            calls.bump()
            Issue.record("released")
        }
        box.infos[2] = NotificationInfo(name: name, center: center) { _ in calls.bump() }
        for info in box.infos { info?.startListening() }
        center.post(name: name, object: nil)
        #expect(calls.count == 2)
        center.post(name: name, object: nil)
        #expect(calls.count == 3)
        box.infos = []
        // The registration stays, idle, as long as the center: the next info of the name calls no Foundation.
        #expect(settles { CenterRegistry.existing(for: center)?.registrationCounts.idle == 1 })
    }

    /// A center whose only holders are its infos goes when they go; its hub goes with it.
    @Test func centerReleasedWithItsInfos() {
        weak var weakCenter: NotificationCenter?
        weak var weakHub: CenterRegistry?
        do {
            var center: NotificationCenter? = NotificationCenter()
            weakCenter = center
            var infos: [NotificationInfo] = (0..<5).map { i in
                NotificationInfo(
                    name: Notification.Name("probe.c\(i % 2)"),
                    center: center!,
                    queue: i == 4 ? OperationQueue() : nil
                ) { _ in }
            }
            for info in infos { info.startListening() }
            weakHub = CenterRegistry.existing(for: center!)
            center = nil
            #expect(weakCenter != nil)
            infos[0].stopListening()
            infos.removeAll()
        }
        #expect(isGone(weakCenter))
        #expect(isGone(weakHub))
    }
    /// Many names (beyond the idle limit) so that idle registrations are dropped while infos that cached their lists
    /// start again, threads sharing the infos themselves, posts racing.
    @Test func racingIdleDropsAndSharedInfos() {
        let center = NotificationCenter()
        let names = (0..<200).map { Notification.Name("probe.idle.\($0)") }
        let hits = Box()
        let infos = names.map { name in NotificationInfo(name: name, center: center) { _ in hits.bump() } }
        let extra = names.map { name in
            NotificationInfo(name: name, object: center, center: center) { _ in hits.bump() }
        }
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for r in 0..<300 {
                let i = (r * 7 + t * 13) % names.count
                switch (r + t) % 4 {
                case 0:
                    infos[i].startListening()
                    extra[i].startListening()
                case 1: infos[i].stopListening()
                case 2: center.post(name: names[i], object: center)
                default:
                    extra[i].stopListening()
                    _ = infos[i].isListening
                }
            }
        }
        for info in infos + extra { info.stopListening() }
        let counts = CenterRegistry.existing(for: center)?.registrationCounts
        #expect(counts.map { $0.total == $0.idle } == true)
        for info in infos + extra { info.startListening() }
        for name in names { center.post(name: name, object: center) }
        #expect(hits.count >= 400)
    }

    /// Infos of one name on two registrations (one with a queue): each registration's infos run together, in start
    /// order, and the registrations in Foundation's order (as the CHANGELOG and `NotificationInfo` say).
    @Test func orderAcrossQueueAndPostingThreadInfos() {
        let center = NotificationCenter()
        let name = Notification.Name("probe.order")
        let order = Recorder<String>()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let record: @Sendable (String) -> Void = { order.record($0) }
        let a = NotificationInfo(name: name, center: center) { _ in record("a") }
        let b = NotificationInfo(name: name, center: center, queue: queue) { _ in record("b (queue)") }
        let c = NotificationInfo(name: name, center: center) { _ in record("c") }
        a.startListening()
        b.startListening()
        c.startListening()
        center.post(name: name, object: nil)
        queue.waitUntilAllOperationsAreFinished()
        // a and c share one registration and b has its own, so b runs before a or after c, never between them.
        #expect(order.events == ["b (queue)", "a", "c"] || order.events == ["a", "c", "b (queue)"])
    }

    /// A queue info's registration is made at each start and dropped at each stop (as the CHANGELOG says: a poster
    /// would wait for an idle queue registration's queue).
    @Test func queueInfoRegistersAtEachStart() {
        let center = NotificationCenter()
        let info = NotificationInfo(name: Notification.Name("probe.q"), center: center, queue: OperationQueue()) { _ in
        }
        info.startListening()
        #expect(CenterRegistry.existing(for: center)?.registrationCounts.total == 1)
        info.stopListening()
        #expect(CenterRegistry.existing(for: center)?.registrationCounts.total == 0)
    }
}
