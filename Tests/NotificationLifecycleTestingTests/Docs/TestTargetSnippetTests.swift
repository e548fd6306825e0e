// The manifest snippet of the article "Testing your listeners": a test target cannot compile a manifest, so the
// snippet is kept here verbatim and checked against the package's own Package.swift.

import Foundation
import Testing

/// The article's `.testTarget(…)` snippet, verbatim.
private let testTargetSnippet = """
    .testTarget(
        name: "InboxTests",
        dependencies: [
            .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
            .product(name: "NotificationLifecycleTesting", package: "NotificationLifecycle"),
        ]
    )
    """

struct TestTargetSnippetTests {
    @Test func everyProductTheSnippetNamesIsALibraryOfThePackage() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Docs
            .deletingLastPathComponent()  // NotificationLifecycleTestingTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"NotificationLifecycle\","))  // the package the snippet names

        let named = productNames(in: testTargetSnippet)
        #expect(named == ["NotificationLifecycle", "NotificationLifecycleTesting"])
        for product in named {
            #expect(manifest.contains(".library(name: \"\(product)\""), "Package.swift has no library \(product)")
        }
    }
}

/// The names of the `.product(name: "…", package: "NotificationLifecycle")` entries of `text`, in order.
private func productNames(in text: String) -> [String] {
    let prefix = ".product(name: \""
    return text.split(separator: "\n").compactMap { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(prefix), trimmed.contains("package: \"NotificationLifecycle\"") else { return nil }
        return String(trimmed.dropFirst(prefix.count).prefix { $0 != "\"" })
    }
}
