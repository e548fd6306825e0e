/// Placeholder until the migrator lands.
package enum Migrator {
    package struct Skipped: CustomStringConvertible {
        package let position: SourcePosition
        package let typeName: String
        package let reason: String
        package var description: String {
            "\(position.file):\(position.line):\(position.column): note: left \(typeName) untouched: \(reason)"
        }
    }

    package struct Result {
        package var files: [String: String] = [:]
        package var migrated: [String] = []
        package var skipped: [Skipped] = []
    }

    package static func migrate(_ files: [SourceFile]) -> Result { Result() }
}

package enum UnifiedDiff {
    package static func diff(old: String, new: String, path: String) -> String { "" }
}
