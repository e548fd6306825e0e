// The Swift code of the testing catalog's article "Testing your listeners", compiled and run, and the failures the
// article describes, checked. Keep the snippets here identical to the article's (.ci/check-readme-snippets.sh).

import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

// Strict mode: fails each test at its @Test line.
@Suite(.failsOnUnexpectedDiagnostics)
@MainActor
struct MailboxScreenTests {
    let center = NotificationCenter()

    @Test func listensToTheStoreForItsWholeLife() {
        var screen: MailboxScreen? = MailboxScreen(notificationCenter: center)
        expectListening(
            screen!,
            to: .name(.storeDidChange),
            lifespan: .lifetime,
            handler: .selector("storeDidChange:")
        )
        // Visible: not appeared yet.
        expectNotListening(screen!, to: .name(.fontSizeDidChange))
        expectDeallocated(&screen)
        expectNoRegistrations(on: center)
    }
}

/// The article's later snippets, each in the test they need: a center and a controller of the test's own.
@Suite(.failsOnUnexpectedDiagnostics)
@MainActor
struct TestingYourListenersArticleTests {
    @Test func namesWhatIsListenedTo() {
        let center = NotificationCenter()
        let screen = MailboxScreen(notificationCenter: center)

        screen.appear()
        expectListening(
            screen,
            to: .name(.storeDidChange),
            sender: .anySender,
            lifespan: .lifetime
        )
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            expectListening(
                screen,
                to: .message(ThemeDidChange.self),
                sender: .object(ThemeStore.shared),
                lifespan: .visible
            )
        }

        let document = Document()
        let draftInfo = NotificationInfo(
            name: .draftDidChange,
            object: document,
            center: center
        ) { _ in }
        draftInfo.startListening()
        expectListening(draftInfo, sender: .object(document))
    }

    @Test func pinsTheWholeDeclaration() {
        let center = NotificationCenter()
        let screen = MailboxScreen(notificationCenter: center)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            expectRegistrations(
                of: screen,
                [
                    .listening(
                        to: .name(.storeDidChange),
                        handler: .selector("storeDidChange:")
                    ),
                    .notListening(to: .name(.fontSizeDidChange), lifespan: .visible),
                    .notListening(to: .name(.draftDidChange), lifespan: .composing),
                    .notListening(
                        to: .message(ThemeDidChange.self),
                        sender: .object(ThemeStore.shared),
                        lifespan: .visible
                    ),
                    .listening(to: .message(DraftDidSave.self)),
                ]
            )
        }
    }

    @Test func scriptsTheLifecycle() {
        let center = NotificationCenter()
        let screen = MailboxScreen(notificationCenter: center)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let always: [NotificationTopic] = [
                .name(.storeDidChange), .message(DraftDidSave.self),
            ]
            let visible: [NotificationTopic] = [
                .name(.fontSizeDidChange), .message(ThemeDidChange.self),
            ]
            expectLifecycle(
                of: screen,
                [
                    .initially(listening: always),
                    .appear(listening: always + visible),
                    .start(
                        .composing,
                        listening: always + visible + [.name(.draftDidChange)]
                    ),
                    .stop(.composing, listening: always + visible),
                    .disappear(listening: always),
                ]
            )
        }
    }

    @Test func recordsDeliveriesAndWaitsForTheLateOnes() async {
        let center = NotificationCenter()
        let screen = MailboxScreen(notificationCenter: center)

        let recorder = DeliveryRecorder()
        recorder.record(screen)

        center.post(name: .storeDidChange, object: nil)
        center.post(name: .fontSizeDidChange, object: nil)

        // Exactly once:
        expectDelivered(
            .name(.storeDidChange),
            to: .selector("storeDidChange:"),
            in: recorder
        )
        // Not appeared:
        expectDelivered(.name(.fontSizeDidChange), .never, in: recorder)

        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let draft = Document()
            // An AsyncMessage: its handler runs in a task of its own.
            center.post(DraftDidSave(), subject: draft)
            await waitForDeliveries(of: .message(DraftDidSave.self), in: recorder)
            #expect(screen.savedShown == 1)  // the handler has returned
        }

        screen.appear()
        Task.detached { [center] in  // posts from another task
            center.post(name: .fontSizeDidChange, object: nil)
            center.post(name: .fontSizeDidChange, object: nil)
        }
        await waitForDeliveries(.atLeast(2), in: recorder, timeout: 10) {
            $0.lifespan == .visible
        }
        #expect(screen.fontSizeApplied == 2)
    }

    @Test func leavesNothingBehind() {
        let center = NotificationCenter()
        expectDeallocated {
            let screen = MailboxScreen(notificationCenter: center)
            screen.appear()
            center.post(name: .storeDidChange, object: nil)
            return screen
        }
        expectNoRegistrations(on: center)
    }

    @Test func readsRegistrationsInAHelperOfItsOwn() {
        let center = NotificationCenter()
        let screen = MailboxScreen(notificationCenter: center)

        let fontSize = NotificationRegistration.listening(
            to: .name(.fontSizeDidChange),
            lifespan: .visible
        )
        screen.appear()
        #expect(registrations(leftBy: screen, on: center).contains(fontSize))
        screen.disappear()
        #expect(!registrations(leftBy: screen, on: center).contains(fontSize))
    }

    @Test func capturesTheDiagnosticsOfABlock() {
        let center = NotificationCenter()
        let screen = MailboxScreen(notificationCenter: center)
        expectDiagnostics([.lifetimeStop]) {
            screen.notificationEngine.stop(.lifetime)
        }
    }

    @Test func capturesADiagnosticReportedInAnotherTask() async {
        let center = NotificationCenter()
        await expectDiagnostics([.lifetimeStop]) {
            // Made inside the capture: its center is the test's.
            let screen = MailboxScreen(notificationCenter: center)
            // Reported in another task:
            await Task.detached { screen.notificationEngine.stop(.lifetime) }.value
        }
    }
}

/// The registrations `object` leaves on `center`.
func registrations(
    leftBy object: AnyObject,
    on center: NotificationCenter
) -> [NotificationRegistration] {
    NotificationRegistration.all(on: center).filter {
        $0.observer === object
    }
}

/// The failures the article describes, each checked as a known issue.
@MainActor
struct TestingYourListenersArticleFailureTests {
    let center = NotificationCenter()

    @Test func aListeningFailureNamesTheCallThatStartsTheInfoAndMarksTheMatchingRows() async {
        let screen = MailboxScreen(notificationCenter: center)
        let issues = await capturedIssues {
            expectListening(screen, to: .name(.fontSizeDidChange))
        }
        #expect(issues.count == 1)
        let message = issues.first?.message ?? ""
        #expect(message.contains("Call appear() first."))
        #expect(message.contains("\n  >  2  FontSizeDidChange"))
    }

    @Test func aRegistrationsFailureMarksTheRowsThatDiffer() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let screen = MailboxScreen(notificationCenter: center)
        let issues = await capturedIssues {
            expectRegistrations(
                of: screen,
                [
                    .listening(
                        to: .name(.storeDidChange),
                        handler: .selector("storeDidChange:")
                    ),
                    .listening(to: .name(.fontSizeDidChange), lifespan: .visible),  // wrong: not appeared
                    .notListening(to: .name(.draftDidChange), lifespan: .composing),
                    .notListening(
                        to: .message(ThemeDidChange.self),
                        sender: .object(ThemeStore.shared),
                        lifespan: .visible
                    ),
                    .listening(to: .message(DraftDidSave.self)),
                ]
            )
        }
        #expect(issues.count == 1)
        let message = issues.first?.message ?? ""
        let marked = message.split(separator: "\n").filter { $0.hasPrefix("  !") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains("FontSizeDidChange") == true)
    }

    @Test func aLifecycleFailureShowsEveryStepOfTheScript() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let screen = MailboxScreen(notificationCenter: center)
        let always: [NotificationTopic] = [
            .name(.storeDidChange), .message(DraftDidSave.self),
        ]
        let issues = await capturedIssues {
            expectLifecycle(
                of: screen,
                [
                    .initially(listening: [.name(.storeDidChange)]),  // wrong: DraftDidSave listens too
                    .appear(listening: always),  // wrong: the visible infos listen too
                    .disappear(listening: always),
                ]
            )
        }
        #expect(issues.count == 1)
        let message = issues.first?.message ?? ""
        #expect(message.contains("!  1  initially"))
        #expect(message.contains("!  2  appear()"))
        #expect(message.contains("   3  disappear()"))
        #expect(screen.notificationEngine.activeLifespans == [.lifetime])  // every step ran, the last one too
    }

    @Test func aWaitFailsWhenTheTimeRunsOut() async {
        let screen = MailboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder()
        recorder.record(screen)
        let issues = await capturedIssues {
            await waitForDeliveries(of: .name(.storeDidChange), in: recorder, timeout: 0.05)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.message.hasPrefix("Expected") == true)
    }

    /// The article: a wait that times out "fails with the message `expectDelivered` gives, which also names the
    /// timeout: `Expected message DraftDidSave to be delivered once within 5.0 seconds, but it was never delivered.`"
    @Test func aWaitThatTimesOutFailsWithExpectDeliveredsMessageNamingTheTimeout() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let screen = MailboxScreen(notificationCenter: center)
        let recorder = DeliveryRecorder()
        recorder.record(screen)
        let waited = await capturedIssues {
            await waitForDeliveries(of: .message(DraftDidSave.self), in: recorder, timeout: 0.05)
        }
        let expected = await capturedIssues { expectDelivered(.message(DraftDidSave.self), in: recorder) }
        let waitedText = waited.first?.message ?? ""
        let expectedText = expected.first?.message ?? ""
        #expect(
            waitedText.hasPrefix(
                "Expected message DraftDidSave to be delivered once within 0.05 seconds, but it was never delivered."
            )
        )
        #expect(waitedText.replacingOccurrences(of: " within 0.05 seconds", with: "") == expectedText)
    }

    @Test func aDeallocationFailureNamesTheClosureHandlersThatMayCaptureTheController() async {
        var screen: MailboxScreen? = MailboxScreen(notificationCenter: center)
        let kept = screen  // the leak: a reference the test forgot
        // A short grace: the whole second would hold the main actor while other suites run.
        let issues = await DeallocationGrace.$seconds.withValue(0.05) {
            await capturedIssues { expectDeallocated(&screen) }
        }
        #expect(issues.count == 1)
        let message = issues.first?.message ?? ""
        #expect(message.contains("closure"))
        #expect(message.contains("MailboxScreen.swift"))
        withExtendedLifetime(kept) {}
    }

    @Test func onlyTheStricterCheckFailsForAStoppedInfoStillAlive() async {
        let draftInfo = NotificationInfo(name: .draftDidChange, center: center) { _ in }
        draftInfo.startListening()
        draftInfo.stopListening()
        expectNoRegistrations(on: center)  // passes: it no longer listens
        let issues = await capturedIssues {
            expectNoRegistrations(on: center, includingStoppedInfos: true)
        }
        #expect(issues.count == 1)
        withExtendedLifetime(draftInfo) {}
    }

    @Test func strictModeRecordsAtTheTestAndNamesTheMisuseLine() async throws {
        let test = try #require(Test.current)
        let misuseLine = LockedValueBox(0)
        let issues = await capturedIssues {
            try? await articleStrictTrait.provideScope(for: test, testCase: nil) { [center] in
                let screen = await MailboxScreen(notificationCenter: center)
                misuseLine.withLock { $0 = #line + 1 }
                screen.notificationEngine.stop(.lifetime)
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.location == test.sourceLocation)
        let message = issues.first?.message ?? ""
        #expect(message.contains("\(#fileID):\(misuseLine.withLock { $0 })"))
    }
}

/// The strict-mode trait, applied by hand so that a test can observe where it records.
private let articleStrictTrait: UnexpectedDiagnosticsTrait = .failsOnUnexpectedDiagnostics
