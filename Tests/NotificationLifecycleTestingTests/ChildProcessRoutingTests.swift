import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing
import XCTest

/// The real route, in a fresh process: this test executable runs itself again with one suite selected and
/// `NOTIFICATION_LIFECYCLE_TESTING_CHILD` set, and reads what the frameworks printed. The failing cases below fail
/// only in that child; in any other run they return at once. These are the only tests whose failures reach a
/// framework, and their output stays in the child.
///
/// `swift test` on Linux builds one `.xctest` executable that runs XCTest, or Swift Testing when given
/// `--testing-library swift-testing`; elsewhere (Xcode, `xctest` on macOS) the tests are in a bundle, and these
/// tests are not built.
#if os(Linux)
enum ChildProcess {
    static let variable = "NOTIFICATION_LIFECYCLE_TESTING_CHILD"

    /// Whether this process is the child started for `role`.
    static func runs(_ role: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] == role
    }

    /// Runs this executable with `arguments` and the child's variable set to `role`; returns its exit status and
    /// its standard output and error, interleaved.
    static func run(_ role: String, _ arguments: [String]) throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([variable: role]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, lines)
    }
}

/// Fails in the XCTest child only. The first case is the child's first use of the testing module: it starts while
/// the module watches nothing yet.
final class ChildProcessXCTestCases: XCTestCase {
    @MainActor func testA_FirstCaseFailsInItsOwnTask() async {
        guard ChildProcess.runs("xctest") else { return }
        let (_, recorder, screen) = recordedScreen()
        expectDelivered(.name(.ping), in: recorder)
        withExtendedLifetime(screen) {}
    }

    @MainActor func testB_SecondCaseFailsOnAnotherThread() async {
        guard ChildProcess.runs("xctest") else { return }
        let (_, recorder, screen) = recordedScreen()
        onAnotherThreadAndWait { expectDelivered(.name(.pong), in: recorder) }
        withExtendedLifetime(screen) {}
    }
}

/// Fail in the Swift Testing child only.
@Suite("Child process: Swift Testing cases")
@MainActor
struct ChildProcessSwiftTestingCases {
    @Test func failsInItsOwnTask() {
        guard ChildProcess.runs("swift-testing") else { return }
        let (_, recorder, screen) = recordedScreen()
        expectDelivered(.name(.ping), in: recorder)
        withExtendedLifetime(screen) {}
    }

    @Test(.failsOnUnexpectedDiagnostics) func failsInADetachedTaskWithTheTrait() async {
        guard ChildProcess.runs("swift-testing") else { return }
        let (_, recorder, screen) = recordedScreen()
        _ = await Task.detached { expectDelivered(.name(.pong), in: recorder) }.value
        withExtendedLifetime(screen) {}
    }
}

@Suite("Failure routing in a fresh process")
struct ChildProcessRoutingTests {
    /// Issue 36, item 5: before, the first case's failure also went to a Swift Testing issue of no test and to
    /// standard error (`ChildProcessRoutingTests.swift:NN: error: Expected …`), three reports for one failure.
    @Test func eachXCTestCaseFailsOnceInXCTestAlone() throws {
        let (status, lines) = try ChildProcess.run(
            "xctest",
            ["NotificationLifecycleTestingTests.ChildProcessXCTestCases"]
        )
        let errors = lines.filter { $0.contains("error:") }
        #expect(status != 0)
        #expect(errors.count == 2, "\(lines.joined(separator: "\n"))")
        #expect(
            errors.contains {
                $0.contains("testA_FirstCaseFailsInItsOwnTask : failed - Expected notification ping to be delivered")
            },
            "\(errors)"
        )
        #expect(
            errors.contains {
                $0.contains("testB_SecondCaseFailsOnAnotherThread : failed - Expected notification pong to be")
            },
            "\(errors)"
        )
        #expect(lines.contains { $0.contains("Executed 2 tests, with 2 failures") }, "\(lines)")
        #expect(!lines.contains { $0.contains("Issue recorded") || $0.contains("Expectation failed") }, "\(lines)")
    }

    /// A failure in the test's task, and one in a detached task of a test with the trait, each fail their test.
    @Test func eachSwiftTestingTestFailsWithItsIssue() throws {
        let (status, lines) = try ChildProcess.run(
            "swift-testing",
            ["--testing-library", "swift-testing", "--filter", "ChildProcessSwiftTestingCases"]
        )
        let text = lines.joined(separator: "\n")
        #expect(status != 0)
        #expect(lines.filter { $0.contains("recorded an issue") }.count == 2, "\(text)")
        #expect(lines.contains { $0.contains("failsInItsOwnTask()") && $0.contains("recorded an issue") }, "\(text)")
        #expect(
            lines.contains { $0.contains("failsInADetachedTaskWithTheTrait()") && $0.contains("recorded an issue") },
            "\(text)"
        )
        #expect(!text.contains("«unknown»"), "\(text)")
        #expect(!text.contains("Expectation failed"), "\(text)")
        #expect(
            text.contains("Expected notification ping to be delivered once, but it was never delivered."),
            "\(text)"
        )
    }
}
#endif
