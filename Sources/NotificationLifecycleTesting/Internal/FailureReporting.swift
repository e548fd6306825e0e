// Both frameworks exist wherever this module is built: the Swift toolchains for Linux and Xcode 26's SDKs for macOS,
// iOS, tvOS, watchOS and visionOS. Platform code lives in the core's PlatformLock only.
import Testing
import XCTest

/// Where an expectation was called: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
}

/// The framework that records a failure, decided when the failure happens.
enum TestFramework {
    case swiftTesting
    case xcTest

    /// Swift Testing when a Swift Testing test runs in the current task, XCTest otherwise.
    ///
    /// `Test.current` is a task-local value: it is set in a `@Test` function, in the tasks it creates and in the
    /// scopes of its traits, and never in an XCTest method. An XCTest test is not visible that way, so XCTest is the
    /// remaining choice; each framework drops a failure recorded while the other one runs.
    static var current: TestFramework {
        Test.current != nil ? .swiftTesting : .xcTest
    }
}

/// Records `failure` at `site` in the framework that runs the current test: the one reporting function every
/// expectation of this module goes through.
func recordFailure(_ failure: InspectionFailure, at site: CallSite) {
    switch TestFramework.current {
    case .swiftTesting:
        recordIssue(
            failure,
            at: SourceLocation(
                fileID: "\(site.fileID)",
                filePath: "\(site.filePath)",
                line: Int(site.line),
                column: Int(site.column)
            )
        )
    case .xcTest:
        XCTFail(failure.message, file: site.filePath, line: site.line)
    }
}

/// Records `failure` as a Swift Testing issue whose headline is the summary and whose comment is the whole message.
///
/// `Issue.record(_:sourceLocation:)` heads its issue "Issue recorded" and shows the text one line lower; a failed
/// expectation is headed by its expression, so the summary is passed as the expression of a failed check, as
/// `#expect` does.
func recordIssue(_ failure: InspectionFailure, at location: SourceLocation) {
    _ = __checkValue(
        false,
        expression: .__fromSyntaxNode(failure.summary),
        comments: [Comment(rawValue: failure.message)],
        isRequired: false,
        sourceLocation: location
    )
}
