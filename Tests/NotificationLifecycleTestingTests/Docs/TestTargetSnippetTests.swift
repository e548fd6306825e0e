// The manifest snippet of the article "Testing your listeners": a test target cannot compile a manifest, so the
// snippet is kept here verbatim and checked against the package's own Package.swift.

import Foundation
import Testing

/// The article's `.testTarget(…)` snippet, verbatim.
private let testTargetSnippet = """
    // Excerpt of Package.swift: a test target in Package(…)'s targets
    .testTarget(
        name: "InboxTests",
        dependencies: [
            .product(
                name: "NotificationLifecycle",
                package: "NotificationLifecycle"
            ),
            .product(
                name: "NotificationLifecycleTesting",
                package: "NotificationLifecycle"
            ),
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

/// The names of the `.product(name: "…", package: "NotificationLifecycle")` entries of `text`, in order, written
/// on one line or across several.
private func productNames(in text: String) -> [String] {
    let joined = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    return joined.components(separatedBy: ".product(").dropFirst().compactMap { entry in
        let prefix = "name: \""
        guard entry.hasPrefix(prefix), entry.contains("package: \"NotificationLifecycle\"") else { return nil }
        return String(entry.dropFirst(prefix.count).prefix { $0 != "\"" })
    }
}
