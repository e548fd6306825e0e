import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
    let center = NotificationCenter()

    @Test func capturesWhatTheBlockReportedAndNothingEscapes() throws {
        let screen = InboxScreen(notificationCenter: center)
        var inner: [NotificationDiagnostic] = []
        let outer = NotificationLifecycleInspection.diagnostics {
            inner = NotificationLifecycleInspection.diagnostics {
                screen.notificationEngine.stop(.lifetime)
                screen.notificationEngine.add(screen.notificationEngine.infos[0])
            }
        }
        #expect(inner.map(\.rule) == [.lifetimeStop, .duplicateRegistration])
        #expect(inner[0].message.hasPrefix("Expected lifetime infos to listen until their owner is released"))
        #expect(inner[0].fileID == #fileID)
        #expect(outer.isEmpty)
    }

    @Test func expectDiagnosticsPassesForExactlyTheseRules() throws {
        let screen = InboxScreen(notificationCenter: center)
        let diagnostics = try NotificationLifecycleInspection.expectDiagnostics([.lifetimeStop]) {
            screen.notificationEngine.stop(.lifetime)
        }
        #expect(diagnostics.count == 1)
        try NotificationLifecycleInspection.expectNoDiagnostics {
            screen.appear()
            screen.disappear()
        }
    }

    @Test func expectDiagnosticsFailsForMissingExtraOrReorderedRules() throws {
        let screen = InboxScreen(notificationCenter: center)
        let missing = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectDiagnostics([.lifetimeStop]) { screen.appear() }
            }
        )
        #expect(missing.summary == "Expected the block to report [lifetime-stop], but it reported none.")
        #expect(missing.details.isEmpty)

        let reordered = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectDiagnostics([.duplicateRegistration, .lifetimeStop]) {
                    screen.notificationEngine.stop(.lifetime)
                    screen.notificationEngine.add(screen.notificationEngine.infos[0])
                }
            }
        )
        #expect(
            reordered.summary
                == "Expected the block to report [duplicate-registration, lifetime-stop], but it reported "
                + "[lifetime-stop, duplicate-registration]."
        )
        #expect(reordered.details.hasPrefix("Reported diagnostics:\n  1. [lifetime-stop] Expected lifetime infos"))

        let unexpected = try #require(
            caughtFailure {
                try NotificationLifecycleInspection.expectNoDiagnostics {
                    _ = NotificationInfo(name: .ping, lifespan: .custom(""), center: center) { _ in }
                }
            }
        )
        #expect(
            unexpected.summary == "Expected the block to report no diagnostic, but it reported [empty-name]."
        )
    }

    @Test func errorsOfTheBlockPassThrough() {
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try NotificationLifecycleInspection.expectDiagnostics([]) { throw Boom() }
        }
        #expect(throws: Boom.self) {
            try NotificationLifecycleInspection.diagnostics { throw Boom() }
        }
    }

    @Test func asyncBlocksAndTheirChildTasksAreCaptured() async throws {
        let screen = InboxScreen(notificationCenter: center)
        let diagnostics = await NotificationLifecycleInspection.diagnostics {
            await Task.yield()
            screen.notificationEngine.stop(.lifetime)
            await Task { screen.notificationEngine.stop(.lifetime) }.value
        }
        #expect(diagnostics.map(\.rule) == [.lifetimeStop, .lifetimeStop])
        try await NotificationLifecycleInspection.expectDiagnostics([.lifetimeStop]) {
            await Task.yield()
            screen.notificationEngine.stop(.lifetime)
        }
        try await NotificationLifecycleInspection.expectNoDiagnostics { await Task.yield() }
    }

    @Test func concurrentCapturesDoNotSeeEachOther() async {
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let center = NotificationCenter()
                    let screen = InboxScreen(notificationCenter: center)
                    return NotificationLifecycleInspection.diagnostics {
                        for _ in 0...index { screen.notificationEngine.stop(.lifetime) }
                    }.count
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts.sorted() == Array(1...16))
    }

    @Test func swiftTestingExpectationsRecordAtTheGivenLocation() {
        let screen = InboxScreen(notificationCenter: center)
        expectDiagnostics([.lifetimeStop]) { screen.notificationEngine.stop(.lifetime) }
        expectNoDiagnostics { screen.appear() }
        expectIssue(at: location(line: 70), containing: ["Expected the block to report no diagnostic"]) {
            expectDiagnostics([], sourceLocation: location(line: 70)) {
                screen.notificationEngine.stop(.lifetime)
            }
        }
        expectIssue(
            at: location(line: 71),
            containing: ["Expected no NotificationLifecycle diagnostic (expectNoDiagnostics)", "[lifetime-stop]"]
        ) {
            expectNoDiagnostics(sourceLocation: location(line: 71)) {
                screen.notificationEngine.stop(.lifetime)
            }
        }
    }

    @Test func asyncSwiftTestingExpectations() async {
        let screen = InboxScreen(notificationCenter: center)
        await expectDiagnostics([.lifetimeStop]) {
            await Task.yield()
            screen.notificationEngine.stop(.lifetime)
        }
        let value = await expectNoDiagnostics {
            await Task.yield()
            return 42
        }
        #expect(value == 42)
        await withKnownIssue {
            await expectNoDiagnostics {
                await Task.yield()
                screen.notificationEngine.stop(.lifetime)
            }
        }
    }
}

@Suite("Strict mode: .failsOnUnexpectedDiagnostics", .failsOnUnexpectedDiagnostics)
struct StrictDiagnosticsTests {
    let center = NotificationCenter()

    @Test func testWithoutMisusePasses() {
        let screen = InboxScreen(notificationCenter: center)
        screen.appear()
        screen.appear()
        screen.disappear()
    }

    @Test func diagnosticCapturedWhereItIsExpectedDoesNotFail() throws {
        let screen = InboxScreen(notificationCenter: center)
        expectDiagnostics([.lifetimeStop]) { screen.notificationEngine.stop(.lifetime) }
        try NotificationLifecycleInspection.expectDiagnostics([.lifetimeStop]) {
            screen.notificationEngine.stop(.lifetime)
        }
    }

    @Test func unexpectedDiagnosticFailsTheTestOnceAtItsDeclaration() {
        let screen = InboxScreen(notificationCenter: center)
        let testLocation = Test.current?.sourceLocation
        let issues = Tally()
        withKnownIssue {
            screen.notificationEngine.stop(.lifetime)
        } matching: { issue in
            issues.increment()
            let comment = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation == testLocation
                && comment.hasPrefix(
                    "Expected no NotificationLifecycle diagnostic (the test runs with .failsOnUnexpectedDiagnostics), "
                        + "but one was reported: [lifetime-stop]."
                ) && comment.contains("(NotificationLifecycleTestingTests/DiagnosticsTests.swift:")
        }
        // The suite's trait applies to the test once, not once for the suite and once for the test.
        #expect(issues.count == 1)
    }

    @Test func unexpectedDiagnosticInAChildTaskFailsTheTest() async {
        let screen = InboxScreen(notificationCenter: center)
        await withKnownIssue {
            await Task { screen.notificationEngine.stop(.lifetime) }.value
        }
    }
}

@Test(.failsOnUnexpectedDiagnostics) func strictModeOnOneTest() {
    let screen = InboxScreen(notificationCenter: NotificationCenter())
    withKnownIssue {
        _ = screen.notificationEngine.add(screen.notificationEngine.infos[0])
    } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("[duplicate-registration]")
    }
}
