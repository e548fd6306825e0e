import Foundation
import Testing

@testable import NotificationLifecycle

/// Main-actor message infos share the center's hub: one Foundation registration per (message type, subject or any),
/// listeners in the order they started. Asynchronous message infos keep a registration of their own.
@Suite("NotificationHub with typed messages")
@MainActor
struct MessageHubTests {
    let center = NotificationCenter()

    private func counts() -> (total: Int, idle: Int) {
        CenterRegistry.existing(for: center)?.registrationCounts ?? (0, 0)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func mainActorMessageInfosOfOneTypeShareOneRegistrationAndHearPostsInStartOrder() {
        let calls = Recorder<Int>()
        let infos = (0..<8).map { index in
            NotificationInfo(for: Pinged.self, center: center) { message in calls.record(index * 10 + message.number) }
        }
        for info in infos { info.startListening() }
        #expect(counts() == (1, 0))
        // 3 stops and starts again: it now listens last.
        infos[3].stopListening()
        infos[3].startListening()
        #expect(counts() == (1, 0))
        center.post(Pinged(number: 1))
        #expect(calls.events == [1, 11, 21, 41, 51, 61, 71, 31])
        for info in infos { info.stopListening() }
        // The registration stays, idle, so that starting again calls no Foundation.
        #expect(counts() == (1, 1))
        center.post(Pinged(number: 2))
        #expect(calls.count == 8)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func ownersInfosOfOneTypeShareTheRegistrationAndStopInTheirOrder() {
        let first = ScriptedController(notificationCenter: center)
        let second = ScriptedController(notificationCenter: center)
        for (name, controller) in [("first", first), ("second", second)] {
            controller.addMessageInfo(for: Pinged.self, lifespan: .visible) { c, message in
                c.events.record("\(name) \(message.number)")
            }
        }
        second.appear()
        first.appear()
        #expect(counts() == (1, 0))
        center.post(Pinged(number: 1))
        second.disappear()
        center.post(Pinged(number: 2))
        // second started first; once it stopped, only first hears.
        #expect(first.events.events == ["first 1", "first 2"])
        #expect(second.events.events == ["second 1"])
        #expect(counts() == (1, 0))
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func eachSubjectAndAnySubjectHaveARegistrationAndTheFilterStaysExact() {
        let calls = Recorder<String>()
        let mine = Document()
        let other = Document()
        let onMine = (0..<2).map { index in
            NotificationInfo(for: Pinged.self, subject: .only(mine), center: center) { message in
                calls.record("mine\(index) \(message.number)")
            }
        }
        let onOther = NotificationInfo(for: Pinged.self, subject: .only(other), center: center) { message in
            calls.record("other \(message.number)")
        }
        let onAny = NotificationInfo(for: Pinged.self, center: center) { message in
            calls.record("any \(message.number)")
        }
        for info in onMine + [onOther, onAny] { info.startListening() }
        #expect(counts() == (3, 0))
        center.post(Pinged(number: 1), subject: mine)
        #expect(calls.events.filter { $0.hasPrefix("mine") } == ["mine0 1", "mine1 1"])
        #expect(Set(calls.events) == ["mine0 1", "mine1 1", "any 1"])
        center.post(Pinged(number: 2))
        center.post(Pinged(number: 3), subject: Document())
        #expect(calls.events.dropFirst(3) == ["any 2", "any 3"])
        for info in onMine + [onOther, onAny] { info.stopListening() }
    }

    /// An idle registration for a subject keeps nothing of it, and an info whose subject is gone is not called
    /// through the shared registration (and is reported once).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aSharedRegistrationDoesNotKeepItsSubjectAndAGoneSubjectIsNotHeard() {
        let calls = Recorder<String>()
        var document: Document? = Document()
        weak let probe = document
        let gone = NotificationInfo(for: Pinged.self, subject: .only(document!), center: center) { _ in
            calls.record("gone")
        }
        gone.startListening()
        document = nil
        #expect(isGone(probe))
        let rules = reportedRules { #expect(!gone.isListening) }
        #expect(rules == [.senderReleased])
        #expect(counts() == (1, 1))
        center.post(Pinged(number: 1), subject: Document())
        #expect(calls.events.isEmpty)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func asyncMessageInfosKeepARegistrationOfTheirOwn() async {
        let calls = Recorder<Int>()
        let infos = (0..<3).map { index in
            NotificationInfo(for: Synced.self, center: center) { _ in calls.record(index) }
        }
        for info in infos { info.startListening() }
        // Foundation runs each asynchronous observer in a task of its own: sharing would serialise the handlers.
        #expect(counts() == (3, 0))
        center.post(Synced(number: 1))
        #expect(await eventually { calls.events.sorted() == [0, 1, 2] })
        for info in infos { info.stopListening() }
        // None stays idle: each is its start's alone.
        #expect(counts() == (0, 0))
    }

    /// A stopped asynchronous info lets its dropped registration go: it never counts posts, so a teardown's wait needs
    /// nothing of it.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aStoppedAsyncMessageInfoLetsItsRegistrationGo() {
        let info = NotificationInfo(for: Synced.self, center: center) { _ in }
        info.startListening()
        weak let probe = CenterRegistry.existing(for: center)?.lock.withLock { info.listener.state.lastRegistration }
        #expect(probe != nil)
        info.stopListening()
        #expect(isGone(probe))
        #expect(counts() == (0, 0))
    }

    /// Asynchronous message registrations never stay idle, so they do not raise how many idle name registrations a
    /// center keeps: that follows the most shared registrations ever in use at once.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func asyncMessageRegistrationsDoNotRaiseTheIdleLimit() {
        let many = 2 * CenterRegistry.idleLimit
        let infos = (0..<many).map { _ in NotificationInfo(for: Synced.self, center: center) { _ in } }
        for info in infos { info.startListening() }
        #expect(counts() == (many, 0))
        for info in infos { info.stopListening() }
        for index in 0..<many {
            let info = NotificationInfo(name: Notification.Name("hub.async.peak.\(index)"), center: center) { _ in }
            info.startListening()
            info.stopListening()
        }
        #expect(counts() == (CenterRegistry.idleLimit, CenterRegistry.idleLimit))
    }

    /// A shared message registration neither keeps its center alive nor outlives it.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aMessageRegistrationNeitherKeepsItsCenterAliveNorOutlivesIt() {
        var center: NotificationCenter? = NotificationCenter()
        var info: NotificationInfo? = NotificationInfo(for: Pinged.self, center: center!) { _ in }
        info?.startListening()
        weak let hubProbe = CenterRegistry.existing(for: center!)
        weak let centerProbe = center
        #expect(hubProbe?.registrationCounts.total == 1)
        info?.stopListening()
        #expect(hubProbe != nil)
        info = nil
        center = nil
        #expect(isGone(centerProbe))
        #expect(isGone(hubProbe))
    }
}
