import Foundation
import NotificationLifecycle
import XCTest

/// An XCTest case that can keep the failures it records, so that a test can check a failure's message and line
/// instead of failing with it.
class FailureCapturingTestCase: XCTestCase {
    /// A failure recorded while capturing.
    struct Failure: Sendable {
        let description: String
        let file: String
        let line: Int
    }

    private let capture = LockedValueBox<[Failure]?>(nil)

    /// Starts keeping the failures this case records.
    func beginCapturing() {
        capture.withLock { $0 = [] }
    }

    /// Stops keeping failures and returns those kept since ``beginCapturing()``.
    func endCapturing() -> [Failure] {
        capture.withLock { captured in
            defer { captured = nil }
            return captured ?? []
        }
    }

    /// Runs `body` and returns the failures it recorded, instead of failing this test with them.
    @MainActor
    func capturedFailures(_ body: () async -> Void) async -> [Failure] {
        beginCapturing()
        await body()
        return endCapturing()
    }

    /// Keeps a failure recorded while capturing; answers `false` for any other, which then fails the test.
    private func captured(_ failure: Failure) -> Bool {
        capture.withLock { captured in
            guard captured != nil else { return false }
            captured?.append(failure)
            return true
        }
    }

    /// The message of an `XCTFail`: its description is "failed - " followed by the message, in Apple's XCTest (the
    /// issue's `compactDescription`) and in swift-corelibs-xctest alike.
    static func message(of description: String) -> String {
        description.hasPrefix("failed - ") ? String(description.dropFirst(9)) : description
    }

    // Apple's XCTest records an XCTIssue; swift-corelibs-xctest, everywhere else, has only recordFailure.
    #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    override func record(_ issue: XCTIssue) {
        let failure = Failure(
            description: Self.message(of: issue.compactDescription),
            file: issue.sourceCodeContext.location?.fileURL.path ?? "",
            line: issue.sourceCodeContext.location?.lineNumber ?? 0
        )
        if !captured(failure) { super.record(issue) }
    }
    #else
    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        let failure = Failure(description: Self.message(of: description), file: filePath, line: lineNumber)
        if !captured(failure) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif
}
