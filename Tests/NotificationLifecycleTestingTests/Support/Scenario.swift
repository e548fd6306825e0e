import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

/// A made-up call site, passed explicitly so that a test can prove the failure is recorded exactly there.
struct Site: Sendable {
    let line: UInt
    var fileID: StaticString { "App/InboxScreenTests.swift" }
    var filePath: StaticString { "/App/InboxScreenTests.swift" }
    var column: UInt { 9 }
}

/// One expectation of the module, used twice: on a correct controller, where it must pass, and on a wrong one,
/// where it must fail with `summary` (exactly, as the first line) and `details` (each contained), at the site given.
/// The Swift Testing suite and the XCTest case both run every scenario.
struct Scenario: Sendable, CustomStringConvertible {
    let description: String
    let passes: @MainActor @Sendable () async -> Void
    let fails: @MainActor @Sendable (Site) async -> Void
    let summary: String
    let details: [String]

    init(
        _ description: String,
        passes: @escaping @MainActor @Sendable () async -> Void,
        fails: @escaping @MainActor @Sendable (Site) async -> Void,
        summary: String,
        details: [String] = []
    ) {
        self.description = description
        self.passes = passes
        self.fails = fails
        self.summary = summary
        self.details = details
    }

    /// The site scenario `index` fails at: a line of its own, so a mix-up shows.
    static func site(_ index: Int) -> Site {
        Site(line: UInt(100 + index))
    }

    /// Whether `message` is this scenario's failure.
    func accepts(_ message: String) -> Bool {
        message.split(separator: "\n", maxSplits: 1).first.map(String.init) == summary
            && details.allSatisfy { message.contains($0) }
    }
}
