import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("Lifecycle scripts")
struct LifecycleScriptTests {
    let center = NotificationCenter()

    @Test func wholeLifecycleInOneCall() throws {
        let screen = InboxScreen(notificationCenter: center)
        try NotificationLifecycleInspection.expectLifecycle(
            of: screen,
            [
                .initially(listening: [.ping]),
                .appear(listening: [.ping, .pong]),
                .appear(listening: [.pong, .ping]),  // again: nothing changes; order does not matter
                .start(.editing, listening: [.ping, .pong, .save]),
                .disappear(listening: [.ping, .save]),
                .stop(.editing, listening: [.ping]),
            ]
        )
    }

    @Test func performStepRunsTheTestsOwnAction() throws {
        let screen = InboxScreen(notificationCenter: center)
        try NotificationLifecycleInspection.expectLifecycle(
            of: screen,
            [
                .perform("stop the ping info", listening: []) { screen.notificationEngine.infos[0].stopListening() },
                .perform("start it again", listening: [.ping]) { screen.notificationEngine.infos[0].startListening() },
            ]
        )
    }

    @Test func aNameListenedToTwiceIsWrittenTwice() throws {
        let host = EngineHost(center: center)
        host.addVisibleNotificationInfo(forName: .ping) { _, _ in }
        try NotificationLifecycleInspection.expectLifecycle(
            of: host,
            [.initially(listening: [.ping]), .appear(listening: [.ping, .ping, .pong])]
        )
        #expect(
            caughtFailure {
                try NotificationLifecycleInspection.expectLifecycle(of: host, [.initially(listening: [.ping, .pong])])
            } != nil
        )
    }

    @Test func failureShowsEveryStepAndTheRegistrations() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectLifecycle(
                    of: screen,
                    [
                        .initially(listening: [.ping]),
                        .appear(listening: [.ping]),  // wrong: pong starts too
                        .start(.editing, listening: [.ping, .pong, .save]),
                        .disappear(listening: [.ping]),  // wrong: save still listens
                    ]
                )
            }
        )
        #expect(
            failure.summary
                == "Expected InboxScreen to listen to the names each step lists, but steps 2, 4 did not match; after "
                + "step 2 (appear()) it listens to ping, pong, not ping."
        )
        let lines = failure.details.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Steps (those that did not match are marked !):")
        #expect(lines[2].hasPrefix("     1  initially"))
        #expect(lines[3].hasPrefix("  !  2  appear()") && lines[3].hasSuffix("ping, pong        lifetime, visible"))
        #expect(lines[4].hasPrefix("     3  start(.custom(\"editing\"))"))
        #expect(lines[5].hasPrefix("  !  4  disappear()"))
        #expect(
            lines[6].hasPrefix("Registrations of InboxScreen (3; active lifespans: custom(\"editing\"), lifetime):")
        )
    }

    @Test func oneFailingStepIsNamed() throws {
        let screen = InboxScreen(notificationCenter: center)
        let failure = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectLifecycle(of: screen, [.initially(listening: [])])
            }
        )
        #expect(failure.summary.hasSuffix("but after step 1 (initially) it listens to ping, not nothing."))
    }

    @Test func stepsReportMisuseAtTheScriptsLine() throws {
        let screen = InboxScreen(notificationCenter: center)
        let diagnostics = try NotificationLifecycleInspection.diagnostics {
            try NotificationLifecycleInspection.expectLifecycle(of: screen, [.stop(.lifetime, listening: [.ping])])
        }
        #expect(diagnostics.map(\.rule) == [.lifetimeStop])
        #expect(diagnostics.first?.fileID == #fileID)
    }

    @Test func swiftTestingExpectationRecordsAtTheGivenLocation() {
        let screen = InboxScreen(notificationCenter: center)
        expectLifecycle(of: screen, [.appear(listening: [.ping, .pong]), .disappear(listening: [.ping])])
        expectIssue(at: location(line: 50), containing: ["after step 1 (appear()) it listens to ping, pong, not ping"])
        {
            expectLifecycle(of: screen, [.appear(listening: [.ping])], sourceLocation: location(line: 50))
        }
    }
}
