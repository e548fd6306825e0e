import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting
import Testing

/// What a failure of the testing module said and where, as the package's seam kept it.
struct CapturedIssue: Sendable {
    /// The sentence, "Expected …, but …".
    let headline: String
    /// The details (the table), when there are any.
    let comments: [String]
    let location: SourceLocation?

    /// The sentence, then its details: the whole message.
    var message: String {
        ([headline] + comments).joined(separator: "\n")
    }
}

/// Runs `body`, which must fail at least once, and returns the failures the testing module raised in it, through the
/// package's seam (`capturingFailures`): they reach no framework, so a passing test prints nothing about them. When
/// `body` raised none, this records an issue at the caller's location.
func capturedIssues(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async -> [CapturedIssue] {
    let failures = await capturingFailures(isolation: isolation, body)
    if failures.isEmpty {
        Issue.record("Expected the body to fail, but it raised no failure.", sourceLocation: sourceLocation)
    }
    return failures.map { failure in
        CapturedIssue(
            headline: failure.summary,
            comments: failure.details.isEmpty ? [] : [failure.details],
            location: SourceLocation(
                fileID: failure.fileID,
                filePath: failure.filePath,
                line: failure.line,
                column: failure.column
            )
        )
    }
}

extension Site {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
