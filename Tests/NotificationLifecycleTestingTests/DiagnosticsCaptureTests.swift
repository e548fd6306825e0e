import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// Which reports a capture sees: those of its own task, and those raised on other threads about the centers the
/// test made something for while a capture or strict mode was open.
@Suite("Diagnostics captures across threads")
@MainActor
struct DiagnosticsCaptureTests {
    let center = NotificationCenter()

    @Test func seesAReportRaisedOnAnotherThreadAboutAnEngineMadeInside() async {
        let reported = await expectDiagnostics([.lifetimeStop]) {
            let engine = NotificationEngine(center: center)
            await onAnotherThread { engine.stop(.lifetime) }
        }
        #expect(reported.first?.message.contains("stop(.lifetime)") == true)
    }

    @Test(.failsOnUnexpectedDiagnostics)
    func aCaptureOpenedLaterSeesReportsAboutWhatTheTestMadeEarlier() async {
        // Made under the trait's scope: the center belongs to this test.
        let screen = InboxScreen(notificationCenter: center)
        await expectDiagnostics([.lifetimeStop]) {
            await onAnotherThread { screen.notificationEngine.stop(.lifetime) }
        }
    }

    // A report about a center nothing was made for inside a capture reaches no capture: tested in
    // NotificationLifecycleTests (DiagnosticsRoutingTests), beside the other test that installs the process-wide
    // handler, so that the report goes to that handler and not to standard error.

    @Test func strictModeFailsWhenItsBodyEndsForAReportRaisedOnAnotherThread() async {
        let site = Scenario.site(0)
        let issues = await capturedIssues {
            expectNoDiagnostics(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column) {
                let engine = NotificationEngine(center: center)
                onAnotherThreadAndWait { engine.stop(.lifetime) }
            }
        }
        #expect(issues.count == 1)
        #expect(
            issues.first?.message.hasPrefix(
                "Expected no NotificationLifecycle diagnostic (expectNoDiagnostics), but one was reported on another "
                    + "thread or task: [lifetime-stop]."
            ) == true
        )
        #expect(issues.first?.location == site.sourceLocation)
    }

    @Test func aReportAfterTheCaptureEndedGoesToTheEnclosingScope() async {
        let engine = LockedValueBox<NotificationEngine?>(nil)
        let outer = await expectDiagnostics([.lifetimeStop]) {
            let inner = expectDiagnostics([]) {
                engine.withLock { $0 = NotificationEngine(center: center) }
            }
            #expect(inner.isEmpty)
            // The inner capture is closed: the report about its center goes to this one, which encloses it.
            await onAnotherThread { engine.withLock { $0 }?.stop(.lifetime) }
        }
        #expect(outer.map(\.rule) == [.lifetimeStop])
    }

    @Test func captureSeesAReportFromAnAsyncMessageHandler() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let (handled, handlerDone) = AsyncStream.makeStream(of: Void.self)
        await expectDiagnostics([.lifetimeStop]) {
            let engine = NotificationEngine(center: center)
            // Foundation runs this handler in a task of its own, outside the capture's task.
            engine.add(
                NotificationInfo(for: DraftSaved.self, center: center) { _ in
                    engine.stop(.lifetime)
                    handlerDone.yield()
                }
            )
            center.post(DraftSaved(number: 1))
            for await _ in handled { break }
            engine.stopAll()  // the handler holds the engine: let both go
        }
    }

    @Test func theTraitRecordsAnUnexpectedDiagnosticAtTheTest() async throws {
        let test = try #require(Test.current)
        let issues = await capturedIssues {
            try? await strictTrait.provideScope(for: test, testCase: nil) {
                // Kept: once the screen is released its engine is finished, and stop(.lifetime) is silent there.
                let screen = await InboxScreen(notificationCenter: center)
                withExtendedLifetime(screen) { screen.notificationEngine.stop(.lifetime) }
            }
        }
        #expect(issues.count == 1)
        #expect(
            issues.first?.message.hasPrefix(
                "Expected no NotificationLifecycle diagnostic (the test runs with .failsOnUnexpectedDiagnostics), but "
                    + "one was reported: [lifetime-stop]."
            ) == true
        )
        #expect(issues.first?.location == test.sourceLocation)
    }

    @Test func theTraitRecordsAReportFromAnotherThreadWhenTheTestEnds() async throws {
        let test = try #require(Test.current)
        let issues = await capturedIssues {
            try? await strictTrait.provideScope(for: test, testCase: nil) { [center] in
                let engine = NotificationEngine(center: center)
                await onAnotherThread { engine.stop(.lifetime) }
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("was reported on another thread or task") == true)
    }

    @Test func theTraitLetsCapturedDiagnosticsThrough() async throws {
        let test = try #require(Test.current)
        try await strictTrait.provideScope(for: test, testCase: nil) { [center] in
            let screen = await InboxScreen(notificationCenter: center)
            expectDiagnostics([.lifetimeStop]) { screen.notificationEngine.stop(.lifetime) }
        }
    }
}

/// The strict-mode trait, applied by hand so that a test can observe what it records.
private let strictTrait: UnexpectedDiagnosticsTrait = .failsOnUnexpectedDiagnostics
