import Foundation
import NotificationLifecycleTesting
import Testing

/// Runs an inspection that should fail and returns its failure; records an issue if it passed.
func caughtFailure(
    sourceLocation: SourceLocation = #_sourceLocation,
    of inspection: () throws -> Void
) -> NotificationInspectionFailure? {
    do {
        try inspection()
    } catch let failure as NotificationInspectionFailure {
        return failure
    } catch {
        Issue.record(
            "Expected a NotificationInspectionFailure, but \(error) was thrown.",
            sourceLocation: sourceLocation
        )
        return nil
    }
    Issue.record("Expected the inspection to fail, but it passed.", sourceLocation: sourceLocation)
    return nil
}

/// Runs a Swift Testing expectation that should fail and checks that it recorded an issue, and that every issue it
/// recorded is at `location` with a comment that contains every string of `texts`.
func expectIssue(
    at location: SourceLocation,
    containing texts: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () -> Void
) {
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        let comment = issue.comments.map(\.rawValue).joined(separator: "\n")
        return issue.sourceLocation == location && texts.allSatisfy { comment.contains($0) }
    }
}

/// A made-up location, to prove that an expectation records its issue where it is told to.
func location(line: Int) -> SourceLocation {
    SourceLocation(fileID: "App/InboxScreenTests.swift", filePath: "/App/InboxScreenTests.swift", line: line, column: 9)
}

/// A thread-safe counter, for counting the issues a known-issue matcher sees.
final class Tally: @unchecked Sendable {
    // Safe: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
