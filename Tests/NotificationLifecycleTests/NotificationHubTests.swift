import Dispatch
import Foundation
import Testing

@testable import NotificationLifecycle

/// The per-center hub: one Foundation registration per (name, queue), listeners in the order they started.
@Suite("NotificationHub")
struct NotificationHubTests {
    let center = NotificationCenter()

    private func counts() -> (total: Int, idle: Int) {
        CenterRegistry.existing(for: center)?.registrationCounts ?? (0, 0)
    }

    @Test func infosOfOneNameShareOneRegistration() {
        let calls = Recorder<Int>()
        let infos = (0..<10).map { index in
            NotificationInfo(name: .ping, center: center) { _ in calls.record(index) }
        }
        let sender = NSObject()
        let filtered = NotificationInfo(name: .ping, object: sender, center: center) { _ in calls.record(100) }
        for info in infos { info.startListening() }
        filtered.startListening()
        #expect(counts().total == 1)
        center.post(name: .ping, object: nil)
        #expect(calls.events == Array(0..<10))
        for info in infos { info.stopListening() }
        filtered.stopListening()
        // The name's registration stays, idle, so that starting again calls no Foundation.
        #expect(counts() == (1, 1))
    }

    @Test func aPostReachesInfosInTheOrderTheyStartedListening() {
        let calls = Recorder<Int>()
        let infos = (0..<8).map { index in
            NotificationInfo(name: .ping, center: center) { _ in calls.record(index) }
        }
        for info in infos { info.startListening() }
        // 3 stops and starts again: it now listens last.
        infos[3].stopListening()
        infos[3].startListening()
        center.post(name: .ping, object: nil)
        #expect(calls.events == [0, 1, 2, 4, 5, 6, 7, 3])
        for info in infos { info.stopListening() }
    }

    @Test func senderFilteredInfosShareTheRegistrationAndCheckTheSender() {
        let calls = Recorder<String>()
        let first = NSObject()
        let second = NSObject()
        let onFirst = NotificationInfo(name: .ping, object: first, center: center) { _ in calls.record("first") }
        let onAny = NotificationInfo(name: .ping, center: center) { _ in calls.record("any") }
        let onSecond = NotificationInfo(name: .ping, object: second, center: center) { _ in calls.record("second") }
        for info in [onFirst, onAny, onSecond] { info.startListening() }
        #expect(counts().total == 1)
        center.post(name: .ping, object: second)  // the second sender's info and the any-sender info, in order
        center.post(name: .ping, object: first)  // the first sender's and the any-sender info
        center.post(name: .ping, object: NSObject())  // only the any-sender info
        #expect(calls.events == ["any", "second", "first", "any", "any"])
        for info in [onFirst, onAny, onSecond] { info.stopListening() }
    }

    /// 100,000 distinct names, each listened to once and stopped: the center keeps at most `idleLimit` idle
    /// registrations, not one per name.
    /// Seconds of work: on a thread of its own, so that it holds none of the cooperative pool's.
    @Test func distinctNamesListenedToOnceLeaveABoundedNumberOfRegistrations() async {
        let calls = Recorder<Int>()
        let center = center
        await onOwnThread {
            for index in 0..<100_000 {
                let info = NotificationInfo(name: Notification.Name("hub.bound.\(index)"), center: center) { _ in
                    calls.record(index)
                }
                info.startListening()
                info.stopListening()
            }
        }
        let (total, idle) = counts()
        #expect(total == CenterRegistry.idleLimit)
        #expect(idle == total)
        // A dropped name still works when listened to again.
        let again = NotificationInfo(name: Notification.Name("hub.bound.0"), center: center) { _ in calls.record(-1) }
        again.startListening()
        center.post(name: Notification.Name("hub.bound.0"), object: nil)
        #expect(calls.events == [-1])
        again.stopListening()
    }

    /// Names listened to at once stay registered, idle, after they stop: up to the most ever in use at once.
    @Test func idleRegistrationsFollowThePeakInUse() {
        let infos = (0..<200).map { index in
            NotificationInfo(name: Notification.Name("hub.peak.\(index)"), center: center) { _ in }
        }
        for info in infos { info.startListening() }
        #expect(counts() == (200, 0))
        for info in infos { info.stopListening() }
        #expect(counts() == (200, 200))
        // New names beyond the peak push the longest-idle ones out.
        for index in 0..<50 {
            let info = NotificationInfo(name: Notification.Name("hub.later.\(index)"), center: center) { _ in }
            info.startListening()
            info.stopListening()
        }
        #expect(counts() == (200, 200))
    }

    @Test func aRegistrationWithAQueueOrForEveryNameIsDroppedWhenItsLastInfoStops() {
        let queue = OperationQueue()
        let onQueue = NotificationInfo(name: .ping, center: center, queue: queue) { _ in }
        onQueue.startListening()
        #expect(counts() == (1, 0))
        onQueue.stopListening()
        #expect(counts() == (0, 0))
        let rules = reportedRules {
            let every = NotificationInfo(name: nil, center: center) { _ in }
            every.startListening()
            #expect(counts() == (1, 0))
            every.stopListening()
        }
        #expect(rules == everyNotificationReports())
        #expect(counts() == (0, 0))
    }

    /// Two threads using a name for the first time at once make one registration, and both hear the post.
    @Test func twoThreadsUsingANameForTheFirstTimeMakeOneRegistration() {
        for round in 0..<200 {
            let center = NotificationCenter()
            let name = Notification.Name("hub.race.\(round)")
            let calls = Recorder<Int>()
            let infos = (0..<2).map { index in
                NotificationInfo(name: name, center: center) { _ in calls.record(index) }
            }
            DispatchQueue.concurrentPerform(iterations: 2) { infos[$0].startListening() }
            #expect(CenterRegistry.existing(for: center)?.registrationCounts.total == 1)
            center.post(name: name, object: nil)
            #expect(calls.events.sorted() == [0, 1])
            for info in infos { info.stopListening() }
        }
    }

    /// The hub holds neither its center nor its infos, and goes with the center.
    @Test func theHubNeitherKeepsItsCenterAliveNorOutlivesIt() {
        var center: NotificationCenter? = NotificationCenter()
        var info: NotificationInfo? = NotificationInfo(name: .ping, center: center!) { _ in }
        info?.startListening()
        weak let hubProbe = CenterRegistry.existing(for: center!)
        weak let centerProbe = center
        #expect(hubProbe != nil)
        info?.stopListening()
        // The idle registration stays, and the hub with it, while the center lives.
        #expect(hubProbe != nil)
        info = nil
        center = nil
        #expect(isGone(centerProbe))
        #expect(isGone(hubProbe))
    }
}
