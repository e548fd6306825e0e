import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// Every expectation, run in Swift Testing: it records nothing on a correct controller, and one issue on a wrong
/// one, at the caller's location, headed by the failure's summary and commented with the whole message.
@Suite("Expectations in Swift Testing")
@MainActor
struct SwiftTestingExpectationTests {
    @Test(arguments: Scenario.all)
    func passesOnACorrectController(_ scenario: Scenario) async {
        await scenario.passes()
    }

    @Test(arguments: Array(Scenario.all.enumerated()).map { ($0.offset, $0.element) })
    func failsWithItsMessageAtTheCallersLocation(_ index: Int, _ scenario: Scenario) async {
        let site = Scenario.site(index)
        // A short grace for the deallocation scenarios: the whole second would hold the main actor while other suites
        // run (XCTestExpectationTests waits it out).
        let issues = await DeallocationGrace.$seconds.withValue(0.05) {
            await capturedIssues { await scenario.fails(site) }
        }
        #expect(issues.count == 1, "\(scenario)")
        guard let issue = issues.first else { return }
        // The sentence shows once: it is the summary, and the details hold only the table, if any.
        #expect(issue.comments.count <= 1)
        #expect(!issue.comments.contains { $0.contains(scenario.summary) })
        let message = issue.message
        #expect(scenario.accepts(message), "\(scenario): \(message)")
        #expect(issue.headline == scenario.summary)
        #expect(issue.location == site.sourceLocation)
    }

    @Test func recordsAtTheCallersFileLineAndColumnByDefault() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let line = #line + 2
        let issues = await capturedIssues {
            expectListening(screen, to: .name(.sync))
        }
        #expect(issues.first?.location?.fileID == #fileID)
        #expect(issues.first?.location?.line == line)
        // Swift gives a default `#column` the column of the call's argument list: 13 + "expectListening".count.
        #expect(issues.first?.location?.column == 28)
    }

    @Test func aTaskTheTestStartsRecordsIntoTheTest() async {
        let screen = InboxScreen(notificationCenter: NotificationCenter())
        let issues = await capturedIssues {
            await Task { expectListening(screen, to: .name(.sync)) }.value
        }
        #expect(issues.count == 1)
    }
}
