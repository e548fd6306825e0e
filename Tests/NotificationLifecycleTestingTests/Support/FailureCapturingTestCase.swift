import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import XCTest

/// An XCTest case that can keep the failures the testing module raises, so that a test can check a failure's message
/// and line instead of failing with it. It keeps them through the package's seam (`capturingFailures`): they never
/// reach XCTest, so a passing test prints nothing about them.
class FailureCapturingTestCase: XCTestCase {
    /// A failure kept while capturing.
    struct Failure: Sendable {
        let description: String
        let file: String
        let line: Int
    }

    /// Runs `body` and returns the failures it raised, instead of failing this test with them.
    @MainActor
    func capturedFailures(_ body: () async -> Void) async -> [Failure] {
        await capturingFailures(body).map(Self.failure)
    }

    /// The synchronous form of ``capturedFailures(_:)-(()async->Void)``.
    func capturedFailures(_ body: () -> Void) -> [Failure] {
        capturingFailures(body).map(Self.failure)
    }

    private static func failure(_ captured: CapturedFailure) -> Failure {
        Failure(description: captured.message, file: captured.filePath, line: captured.line)
    }
}
