import Foundation

/// The language mode a Package.swift gives its modules, read from its text (the manifest is not run).
package enum PackageManifest {
    /// The mode of the first Package.swift found in or above the first of `paths`, or `nil` when there is none or
    /// it does not say one mode for all its targets (a target's own `.swiftLanguageMode(…)`): the caller's default
    /// then holds, and Swift 6 is the one that leaves a type it cannot make safe.
    package static func languageMode(around paths: [String]) -> LanguageMode? {
        guard let first = paths.first else { return nil }
        var folder = URL(fileURLWithPath: first).standardizedFileURL
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue {
            folder.deleteLastPathComponent()
        }
        while true {
            let manifest = folder.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8) { return languageMode(ofManifest: text) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `swiftLanguageModes: [.v5]` (or `swiftLanguageVersions`) gives 5, one that lists `.v6` gives 6 (SwiftPM
    /// builds with the newest listed); without them the tools version decides: below 6.0, Swift 5.
    package static func languageMode(ofManifest text: String) -> LanguageMode? {
        if text.contains(".swiftLanguageMode(") || text.contains(".swiftLanguageVersion(") { return nil }
        for key in ["swiftLanguageModes:", "swiftLanguageVersions:"] {
            guard let start = text.range(of: key),
                let end = text[start.upperBound...].firstIndex(of: "]")
            else { continue }
            let list = text[start.upperBound..<end]
            if list.contains(".v6") || list.contains("\"6") { return .v6 }
            if list.contains(".v5") || list.contains(".v4") || list.contains("\"5") || list.contains("\"4") {
                return .v5
            }
            return nil
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("// swift-tools-version"),
            let colon = line.firstIndex(of: ":")
        else { return nil }
        let version = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard let major = Int(version.prefix { $0.isNumber }) else { return nil }
        return major >= 6 ? .v6 : .v5
    }
}
