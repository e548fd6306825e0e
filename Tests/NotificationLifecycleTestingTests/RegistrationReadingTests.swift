import Foundation
import NotificationLifecycleTesting
import Testing

@testable import NotificationLifecycle

/// A controller whose one info runs on a queue and filters on a store, at a line the tests know.
final class QueuedScreen: ControllerBase {
    let queue: OperationQueue
    /// Weak: the tests release the store while the screen lives.
    private weak var store: Store?

    init(notificationCenter: NotificationCenter, queue: OperationQueue, store: Store) {
        self.queue = queue
        self.store = store
        super.init(notificationCenter: notificationCenter)
    }

    static let syncLine = #line + 3
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .sync, object: store, queue: queue) { _, _ in }
    }
}

/// A test can read registrations, not only assert them (issue 24, item 9). The user's helper is the Testing article's
/// `registrations(leftBy:on:)` (Docs/TestingYourListenersArticleTests.swift), written with `NotificationRegistration`
/// alone: it asks and returns, and the test decides what to assert.
@Suite("Reading registrations", .failsOnUnexpectedDiagnostics)
@MainActor
struct RegistrationReadingTests {
    let center = NotificationCenter()

    @Test func aUserHelperSeesTheRegistrationsALiveControllerLeaves() {
        let screen = InboxScreen(notificationCenter: center)
        let other = InboxScreen(notificationCenter: center)
        let ping = NotificationRegistration.listening(to: .name(.ping), handler: .selector("didPing:"))
        // Its lifetime info only: the visible one waits for appear(), and the other screen's are not its own.
        #expect(registrations(leftBy: screen, on: center) == [ping])
        screen.appear()
        #expect(registrations(leftBy: screen, on: center) == [ping, .listening(to: .name(.pong), lifespan: .visible)])
        screen.disappear()
        #expect(registrations(leftBy: screen, on: center) == [ping])
        withExtendedLifetime(other) {}
    }

    /// `all(on:)` lists the info behind a lifespan-bound sequence while it listens, and not once its lifespan ends.
    @Test func aSequenceIsListedWhileItListens() {
        let engine = NotificationEngine(center: center)
        engine.start(.custom("sync"))
        let line = #line + 1
        let stream = engine.notifications(named: .sync, during: .custom("sync"), buffering: .bufferingNewest(1))
        #expect(NotificationRegistration.all(on: center).map(\.declaredAt) == ["\(#fileID):\(line)"])
        engine.stop(.custom("sync"))
        #expect(NotificationRegistration.all(on: center).isEmpty)
        withExtendedLifetime(stream) {}
    }

    @Test func aReleasedControllerLeavesNoRegistration() {
        var screen: InboxScreen? = InboxScreen(notificationCenter: center)
        screen?.appear()
        #expect(NotificationRegistration.all(on: center).count == 2)
        weak let probe = screen
        screen = nil
        #expect(probe == nil)
        #expect(NotificationRegistration.all(on: center).isEmpty)
    }

    @Test func aRegistrationKeepsNeitherItsObserverNorItsSenderAlive() {
        var store: Store? = Store()
        var screen: QueuedScreen? = QueuedScreen(notificationCenter: center, queue: OperationQueue(), store: store!)
        let registrations = NotificationRegistration.all(on: center)
        #expect(registrations.count == 1)
        #expect(registrations.first?.observer === screen)
        #expect(registrations.first == .listening(to: .name(.sync), sender: .object(store!)))
        weak let observerProbe = screen
        weak let senderProbe = store
        screen = nil
        store = nil
        #expect(observerProbe == nil)
        #expect(senderProbe == nil)
        #expect(registrations.first?.observer == nil)
    }

    @Test func infosOfOneNameGiveOneRegistrationEach() throws {
        let firstLine = #line + 1
        let first = NotificationInfo(name: .ping, center: center) { _ in }
        let secondLine = #line + 1
        let second = NotificationInfo(name: .ping, center: center) { _ in }
        first.startListening()
        second.startListening()
        // Foundation holds one registration for both.
        #expect(try #require(CenterRegistry.existing(for: center)).registrationCounts.total == 1)
        let registrations = NotificationRegistration.all(on: center)
        #expect(registrations == [.listening(to: .name(.ping)), .listening(to: .name(.ping))])
        #expect(registrations.map(\.declaredAt) == ["\(#fileID):\(firstLine)", "\(#fileID):\(secondLine)"])
        withExtendedLifetime((first, second)) {}
    }

    @Test func aRegistrationHasTheQueueAndThePlaceThatDeclaredIt() {
        let queue = OperationQueue()
        let line = #line + 1
        let standalone = NotificationInfo(name: .save, center: center, queue: queue) { _ in }
        let plain = NotificationInfo(name: .ping, center: center) { _ in }
        #expect(NotificationRegistration(standalone).queue === queue)
        #expect(NotificationRegistration(standalone).declaredAt == "\(#fileID):\(line)")
        #expect(NotificationRegistration(plain).queue == nil)
        // A standalone closure has no observer.
        #expect(NotificationRegistration(plain).observer == nil)

        let store = Store()
        let screen = QueuedScreen(notificationCenter: center, queue: queue, store: store)
        let shorthand = NotificationRegistration(screen.notificationEngine.infos[0])
        #expect(shorthand.queue === queue)
        #expect(shorthand.observer === screen)
        #expect(shorthand.declaredAt == "\(#fileID):\(QueuedScreen.syncLine)")
    }

    @Test func anOwnersRegistrationsIncludeItsStoppedInfos() {
        let screen = InboxScreen(notificationCenter: center)
        let registrations = screen.notificationEngine.infos.map(NotificationRegistration.init)
        #expect(
            registrations == [
                .listening(to: .name(.ping), handler: .selector("didPing:")),
                .notListening(to: .name(.pong), lifespan: .visible),
                .notListening(to: .name(.save), lifespan: .editing),
            ]
        )
        // The center's list has only what listens.
        #expect(NotificationRegistration.all(on: center) == [registrations[0]])
    }

    @Test func equalityComparesWhatIsRegisteredAndNotWhereItWasRead() {
        let queue = OperationQueue()
        let store = Store()
        let screen = QueuedScreen(notificationCenter: center, queue: queue, store: store)
        let read = NotificationRegistration(screen.notificationEngine.infos[0])
        #expect(read == .listening(to: .name(.sync), sender: .object(store)))
        #expect(read != .notListening(to: .name(.sync), sender: .object(store)))
        #expect(read != .listening(to: .name(.sync)))
        #expect(read != .listening(to: .name(.sync), sender: .object(Store())))
        #expect(read.sender == .object(store))
        #expect(read.center === center)
        // Two read values that differ only in observer, center, queue and declaration are equal.
        let otherCenter = NotificationCenter()
        let standalone = NotificationInfo(name: .sync, object: store, center: otherCenter) { _ in }
        standalone.startListening()
        let other = NotificationRegistration(standalone)
        #expect(other.observer == nil && other.queue == nil && other.center === otherCenter)
        #expect(other.declaredAt != read.declaredAt)
        #expect(other == read)
        let written = NotificationRegistration.listening(to: .name(.ping))
        #expect(written.sender == .anySender)
        #expect(written.center == nil && written.observer == nil && written.queue == nil && written.declaredAt == nil)
    }

    @Test func readingARegistrationKeepsNeitherItsCenterNorItsSenderAlive() {
        weak var weakCenter: NotificationCenter?
        weak var weakStore: Store?
        var read: NotificationRegistration?
        do {
            let center = NotificationCenter()
            let store = Store()
            let info = NotificationInfo(name: .sync, object: store, center: center) { _ in }
            read = NotificationRegistration(info)
            #expect(read?.center === center)
            weakCenter = center
            weakStore = store
        }
        #expect(weakCenter == nil)
        #expect(weakStore == nil)
        #expect(read?.center == nil)
    }
}
