import Foundation
import NotificationLifecycle
import Testing

/// What a Swift Testing issue said and where.
struct CapturedIssue: Sendable {
    let headline: String
    let comments: [String]
    let location: SourceLocation?

    /// The failure's sentence (the headline without Swift Testing's "Expectation failed: "), then its comments: the
    /// whole message, which shows the sentence once.
    var message: String {
        let prefix = "Expectation failed: "
        let sentence = headline.hasPrefix(prefix) ? String(headline.dropFirst(prefix.count)) : headline
        return ([sentence] + comments).joined(separator: "\n")
    }
}

/// Runs `body`, which must record at least one issue, and returns every issue it recorded; they are known issues,
/// so they do not fail the test. `withKnownIssue` records an issue of its own when `body` records none.
func capturedIssues(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async -> [CapturedIssue] {
    let issues = LockedValueBox<[CapturedIssue]>([])
    await withKnownIssue(sourceLocation: sourceLocation) {
        await body()
    } matching: { issue in
        let captured = CapturedIssue(
            headline: "\(issue.kind)",
            comments: issue.comments.map(\.rawValue),
            location: issue.sourceLocation
        )
        issues.withLock { $0.append(captured) }
        return true
    }
    return issues.withLock { $0 }
}

extension Site {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
