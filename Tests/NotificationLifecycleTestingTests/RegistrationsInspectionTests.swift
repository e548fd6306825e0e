import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("Registrations and centers")
struct RegistrationsInspectionTests {
    let center = NotificationCenter()

    /// The registrations of a new `InboxScreen`, in declaration order.
    private let inboxAfterInit: [NotificationRegistration] = [
        .listening(to: .ping, handler: .selector("didPing:")),
        .notListening(to: .pong, lifespan: .visible),
        .notListening(to: .save, lifespan: .editing),
    ]

    @Test func exactListPasses() throws {
        let screen = InboxScreen(notificationCenter: center)
        try NotificationLifecycleInspection.expectRegistrations(of: screen, inboxAfterInit)
        screen.appear()
        screen.notificationEngine.start(.editing)
        try NotificationLifecycleInspection.expectRegistrations(
            of: screen,
            [
                .listening(to: .ping, sender: .anySender, lifespan: .lifetime, handler: .selector("didPing:")),
                .listening(to: .pong, lifespan: .visible, handler: .closure),
                .listening(to: .save, lifespan: .editing),
            ]
        )
        expectRegistrations(
            of: screen,
            inboxAfterInit.map { registration in
                var listening = registration
                listening.isListening = true
                return listening
            }
        )
    }

    @Test func subclassListStartsWithItsSuperclassInfos() throws {
        let screen = DetailScreen(notificationCenter: center)
        try NotificationLifecycleInspection.expectRegistrations(
            of: screen,
            [.notListening(to: .sync, lifespan: .visible, handler: .selector("refresh"))]
        )
    }

    @Test func senderFilterComparesIdentity() throws {
        let store = Store()
        let host = EngineHost(center: center)
        host.addLifetimeNotificationInfo(forName: .save, object: store) { _, _ in }
        try NotificationLifecycleInspection.expectRegistrations(
            of: host,
            [
                .listening(to: .ping),
                .notListening(to: .pong, lifespan: .visible),
                .listening(to: .save, sender: .object(store)),
            ]
        )
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectRegistrations(
                    of: host,
                    [
                        .listening(to: .ping),
                        .notListening(to: .pong, lifespan: .visible),
                        .listening(to: .save, sender: .object(Store())),
                    ]
                )
            }
        )
        #expect(failure.summary.hasSuffix("but row 3 differs."))
    }

    @Test func differingRowsAreMarkedSideBySide() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectRegistrations(
                    of: screen,
                    [
                        .listening(to: .ping, handler: .selector("didPing:")),
                        .listening(to: .pong, lifespan: .visible),
                    ]
                )
            }
        )
        #expect(
            failure.summary
                == "Expected InboxScreen to have these 2 registrations in declaration order, but it has 3; rows 2, 3 "
                + "differ."
        )
        let lines = failure.details.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Expected and actual registrations of InboxScreen (rows that differ are marked !):")
        #expect(lines[1].contains("expected name") && lines[1].contains("|  actual name"))
        // Row 1 matches; row 2 differs in its state; row 3 has no expected counterpart.
        #expect(lines[2].hasPrefix("     1  ping"))
        #expect(lines[3].hasPrefix("  !  2  pong") && lines[3].contains("listening  |  pong"))
        #expect(lines[3].contains("not listening"))
        #expect(lines[4].hasPrefix("  !  3  -"))
        #expect(lines[4].contains("|  save"))
    }

    @Test func emptyExpectationFailsForAnOwnerWithInfos() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectRegistrations(of: screen, []) }
        )
        #expect(
            failure.summary.hasSuffix("these 0 registrations in declaration order, but it has 3; rows 1, 2, 3 differ.")
        )
    }

    @Test func swiftTestingExpectationRecordsTheComparison() {
        let screen = InboxScreen(notificationCenter: center)
        expectIssue(at: location(line: 20), containing: ["rows 2, 3 differ", "expected name"]) {
            expectRegistrations(of: screen, [inboxAfterInit[0]], sourceLocation: location(line: 20))
        }
    }

    // MARK: Centers

    @Test func releasedControllerLeavesNoRegistrationAndNoInfo() throws {
        var screen: InboxScreen? = InboxScreen(notificationCenter: center)
        screen?.appear()
        screen?.notificationEngine.start(.editing)
        let failure = try #require(
            caughtFailure { try NotificationLifecycleInspection.expectNoRegistrations(on: center) }
        )
        #expect(
            failure.summary
                == "Expected no registration of NotificationLifecycle on the center, but 3 infos still listen. Release "
                + "the controllers that own them, or call stopListening() on the standalone ones."
        )
        #expect(failure.details.contains("InboxScreen  an engine"))
        screen = nil
        try NotificationLifecycleInspection.expectNoRegistrations(on: center)
        try NotificationLifecycleInspection.expectNoInfos(on: center)
        expectNoRegistrations(on: center)
        expectNoInfos(on: center)
    }

    @Test func stoppedStandaloneInfoIsNoRegistrationButStillAnInfo() throws {
        var info: NotificationInfo? = NotificationInfo(name: .save, center: center) { _ in }
        info?.startListening()
        #expect(caughtFailure { try NotificationLifecycleInspection.expectNoRegistrations(on: center) } != nil)
        info?.stopListening()
        try NotificationLifecycleInspection.expectNoRegistrations(on: center)
        let failure = try #require(caughtFailure { try NotificationLifecycleInspection.expectNoInfos(on: center) })
        #expect(
            failure.summary.hasPrefix("Expected no info of NotificationLifecycle to be alive for the center, but 1 is.")
        )
        #expect(failure.details.contains("save  any     lifetime  closure  not listening  none      none"))
        info = nil
        try NotificationLifecycleInspection.expectNoInfos(on: center)
    }

    @Test func otherCentersDoNotCount() throws {
        let other = NotificationCenter()
        let screen = InboxScreen(notificationCenter: other)
        try NotificationLifecycleInspection.expectNoRegistrations(on: center)
        try NotificationLifecycleInspection.expectListening(screen, to: .ping)
    }

    @Test func swiftTestingCenterExpectationsRecordAtTheGivenLocation() {
        let screen = InboxScreen(notificationCenter: center)
        expectIssue(at: location(line: 30), containing: ["but 1 info still listens"]) {
            expectNoRegistrations(on: center, sourceLocation: location(line: 30))
        }
        expectIssue(at: location(line: 31), containing: ["but 3 are"]) {
            expectNoInfos(on: center, sourceLocation: location(line: 31))
        }
        withExtendedLifetime(screen) {}
    }
}
