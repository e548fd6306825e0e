import SwiftSyntax

/// Rewrites the observers of each type it fully understands into NotificationLifecycle declarations, and leaves
/// every other type untouched with a reason.
package enum Migrator {
    /// A type left as it was, and why.
    package struct Skipped: CustomStringConvertible {
        package let position: SourcePosition
        package let typeName: String
        package let reason: String

        /// `file:line:column: note: left Type untouched: reason`.
        package var description: String {
            "\(position.file):\(position.line):\(position.column): note: left \(typeName) untouched: \(reason)"
        }
    }

    package struct Result {
        /// The new text of each file read (unchanged files included).
        package var files: [String: String] = [:]
        package var migrated: [String] = []
        package var skipped: [Skipped] = []
    }

    package static func migrate(_ files: [SourceFile]) -> Result {
        var result = Result()
        let types = ModelBuilder.build(files)
        var edits: [String: [Edit]] = [:]
        for type in types where !type.registrations.isEmpty || !type.removals.isEmpty {
            do {
                let migration = try TypeMigration(type: type, files: files, allTypes: types)
                for (path, typeEdits) in migration.edits { edits[path, default: []] += typeEdits }
                result.migrated.append(type.name)
            } catch let failure as TypeMigration.NotUnderstood {
                result.skipped.append(Skipped(position: type.location, typeName: type.name, reason: failure.reason))
            } catch {
                result.skipped.append(Skipped(position: type.location, typeName: type.name, reason: "\(error)"))
            }
        }
        for file in files {
            let fileEdits = edits[file.path] ?? []
            if fileEdits.isEmpty {
                result.files[file.path] = file.text
            } else if let text = Edit.apply(fileEdits, to: file.text) {
                result.files[file.path] = text
            } else {
                // Two types' edits overlap: keep the file as it was rather than guess.
                result.files[file.path] = file.text
                let names = types.filter { $0.file == file.path && result.migrated.contains($0.name) }
                for type in names {
                    result.migrated.removeAll { $0 == type.name }
                    result.skipped.append(
                        Skipped(
                            position: type.location,
                            typeName: type.name,
                            reason: "its edits overlap another type's in the same file"
                        )
                    )
                }
            }
        }
        return result
    }
}
