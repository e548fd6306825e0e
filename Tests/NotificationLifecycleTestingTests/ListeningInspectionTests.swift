import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("Listening inspections")
struct ListeningInspectionTests {
    let center = NotificationCenter()

    // MARK: Passing

    @Test func lifetimeInfoListensAfterInit() throws {
        let screen = InboxScreen(notificationCenter: center)
        let info = try NotificationLifecycleInspection.expectListening(screen, to: .ping)
        #expect(info === screen.notificationEngine.infos[0])
        try NotificationLifecycleInspection.expectListening(
            screen,
            to: .ping,
            sender: .anySender,
            lifespan: .lifetime,
            handler: .selector("didPing:")
        )
        try NotificationLifecycleInspection.expectNotListening(screen, to: .pong)
        try NotificationLifecycleInspection.expectNotListening(screen, to: .save)
        try NotificationLifecycleInspection.expectNotListening(screen, to: .sync)  // never declared
    }

    @Test func visibleInfoListensBetweenAppearAndDisappear() throws {
        let screen = InboxScreen(notificationCenter: center)
        screen.appear()
        try NotificationLifecycleInspection.expectListening(screen, to: .pong, lifespan: .visible, handler: .closure)
        screen.disappear()
        try NotificationLifecycleInspection.expectNotListening(screen, to: .pong)
    }

    @Test func narrowingThatDoesNotMatchDoesNotCountForNotListening() throws {
        let screen = InboxScreen(notificationCenter: center)
        try NotificationLifecycleInspection.expectNotListening(screen, to: .ping, lifespan: .visible)
        try NotificationLifecycleInspection.expectNotListening(screen, to: .ping, handler: .closure)
        try NotificationLifecycleInspection.expectNotListening(screen, to: .ping, sender: .object(Store()))
    }

    @Test func ownerThatIsNotAControllerIsInspectedThroughItsEngine() throws {
        let host = EngineHost(center: center)
        try NotificationLifecycleInspection.expectListening(host, to: .ping)
        try NotificationLifecycleInspection.expectNotListening(host, to: .pong)
        host.notificationEngine.appear()
        try NotificationLifecycleInspection.expectListening(host, to: .pong)
    }

    @Test func standaloneInfoWithSenderFilter() throws {
        let store = Store()
        let info = NotificationInfo(name: .save, object: store, center: center) { _ in }
        try NotificationLifecycleInspection.expectNotListening(info)
        info.startListening()
        try NotificationLifecycleInspection.expectListening(info)
        try NotificationLifecycleInspection.expectListening(
            info,
            to: .save,
            sender: .object(store),
            lifespan: .lifetime
        )
        info.stopListening()
        try NotificationLifecycleInspection.expectNotListening(info, to: .save)
    }

    // MARK: Failing

    @Test func failsForANameTheOwnerNeverDeclared() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectListening(screen, to: .sync) }
        )
        #expect(failure.summary.hasPrefix("Expected InboxScreen to be listening to sync, but it has no info for sync."))
        #expect(failure.details.contains("Registrations of InboxScreen (3; active lifespans: lifetime):"))
        #expect(failure.details.contains("didPing:"))
    }

    @Test func failsBeforeAppearAndNamesTheCallThatStartsIt() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectListening(screen, to: .pong) }
        )
        #expect(
            failure.summary
                == "Expected InboxScreen to be listening to pong, but its matching info (row 2) does not listen: its "
                + "lifespan visible is not active. Call appear() first."
        )
        // The matching row is marked in the table.
        let row = try #require(failure.details.split(separator: "\n").first { $0.contains("pong") })
        #expect(row.hasPrefix("  >  2  pong"))
    }

    @Test func failsForAnInactiveCustomLifespanAndNamesTheCall() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectListening(screen, to: .save) }
        )
        #expect(
            failure.summary.hasSuffix(
                "its lifespan custom(\"editing\") is not active. Call "
                    + "notificationEngine.start(.custom(\"editing\")) first."
            )
        )
    }

    @Test func failsForAnInfoStoppedOnItsOwn() throws {
        let screen = InboxScreen(notificationCenter: center)
        screen.notificationEngine.infos[0].stopListening()
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectListening(screen, to: .ping) }
        )
        #expect(failure.summary.contains("it was stopped on its own"))
    }

    @Test func failsWhenNoInfoMatchesTheNarrowing() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectListening(
                    screen,
                    to: .ping,
                    lifespan: .visible,
                    handler: .closure
                )
            }
        )
        #expect(
            failure.summary
                == "Expected InboxScreen to be listening to ping (lifespan: visible, handler: closure), but none of its "
                + "infos for ping matches; it has row 1: ping, any, lifetime, didPing:, listening."
        )
    }

    @Test func failsWhenTheSenderFilterIsAnotherObject() throws {
        let store = Store()
        let other = Store()
        let info = NotificationInfo(name: .save, object: store, center: center) { _ in }
        info.startListening()
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectListening(info, sender: .object(other)) }
        )
        #expect(failure.summary.hasPrefix("Expected the info NotificationInfo(name: save"))
        #expect(failure.summary.contains("(sender: Store 0x…"))
        #expect(failure.summary.contains("but it does not match: it is save, Store 0x…"))
        #expect(failure.details.contains("Registrations of the info (1):"))
        info.stopListening()
    }

    @Test func standaloneInfoThatDoesNotListenFails() throws {
        let info = NotificationInfo(name: .save, center: center) { _ in }
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectListening(info, to: .save) }
        )
        #expect(failure.summary.contains("but it does not listen: it was stopped on its own"))
        let other = try #require(caughtFailure { try NotificationLifecycleInspection.expectListening(info, to: .ping) })
        #expect(other.summary.hasSuffix("but it is an info for save."))
    }

    @Test func notListeningFailsAndMarksTheListeningRows() throws {
        let screen = InboxScreen(notificationCenter: center)
        screen.appear()
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectNotListening(screen, to: .pong, lifespan: .visible)
            }
        )
        #expect(
            failure.summary
                == "Expected InboxScreen not to be listening to pong (lifespan: visible), but 1 matching info listens "
                + "(row 2)."
        )
        #expect(failure.details.contains("active lifespans: lifetime, visible"))
        let info = NotificationInfo(name: .save, center: center) { _ in }
        info.startListening()
        let standalone = try #require(caughtFailure { try NotificationLifecycleInspection.expectNotListening(info) })
        #expect(standalone.summary.hasSuffix("not to be listening, but it is."))
        info.stopListening()
    }

    @Test func releasedSenderShowsInTheTable() throws {
        var store: Store? = Store()
        let info = NotificationInfo(name: .save, object: store, center: center) { _ in }
        store = nil
        let registration = NotificationRegistration(info)
        #expect(registration.sender == .released)
        #expect(registration.description == "save, <released>, lifetime, closure, not listening")
    }

    // MARK: Swift Testing expectations

    @Test func swiftTestingExpectationsPassSilently() {
        let screen = InboxScreen(notificationCenter: center)
        expectListening(screen, to: .ping)
        expectNotListening(screen, to: .pong)
        let info = NotificationInfo(name: .save, center: center) { _ in }
        expectNotListening(info)
        info.startListening()
        expectListening(info, to: .save)
        info.stopListening()
    }

    @Test func swiftTestingExpectationsRecordAtTheGivenLocation() {
        let screen = InboxScreen(notificationCenter: center)
        expectIssue(at: location(line: 10), containing: ["Expected InboxScreen to be listening to pong", "appear()"]) {
            expectListening(screen, to: .pong, sourceLocation: location(line: 10))
        }
        expectIssue(at: location(line: 11), containing: ["Expected InboxScreen not to be listening to ping"]) {
            expectNotListening(screen, to: .ping, sourceLocation: location(line: 11))
        }
        let info = NotificationInfo(name: .save, center: center) { _ in }
        expectIssue(at: location(line: 12), containing: ["Expected the info", "to be listening"]) {
            expectListening(info, sourceLocation: location(line: 12))
        }
        info.startListening()
        expectIssue(at: location(line: 13), containing: ["not to be listening, but it is."]) {
            expectNotListening(info, sourceLocation: location(line: 13))
        }
        info.stopListening()
    }

    @Test func swiftTestingExpectationRecordsAtTheCallersLineByDefault() {
        let screen = InboxScreen(notificationCenter: center)
        let line = #line + 2
        withKnownIssue {
            expectListening(screen, to: .pong)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ListeningInspectionTests.swift"
        }
    }
}
