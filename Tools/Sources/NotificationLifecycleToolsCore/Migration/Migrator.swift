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
        /// Where each migrated type is declared.
        package var migratedPositions: [SourcePosition] = []
        package var skipped: [Skipped] = []
        /// `file:line:column: note: Type: …` where behaviour moves: a selector handler that now runs on the main
        /// actor, a queue dropped, a listener declared elsewhere that starts where it was registered.
        package var notes: [String] = []
        /// Extensions joined to no type (see ``ModelBuilder/Program/notes``).
        package var readingNotes: [String] = []
    }

    /// `defaultIsMainActor`: the files are a module built with `-default-isolation MainActor` (SwiftPM's
    /// `.defaultIsolation(MainActor.self)`), so a class that says nothing of its isolation is main-actor.
    package static func migrate(_ files: [SourceFile], defaultIsMainActor: Bool = false) -> Result {
        var result = Result()
        let program = ModelBuilder.program(files)
        let types = program.types
        result.readingNotes = program.notes
        var edits: [String: [Edit]] = [:]
        var notes: [String: [String]] = [:]
        for type in types where !type.registrations.isEmpty || !type.removals.isEmpty {
            do {
                let migration = try TypeMigration(
                    type: type,
                    files: files,
                    allTypes: types,
                    defaultIsMainActor: defaultIsMainActor
                )
                for (path, typeEdits) in migration.edits { edits[path, default: []] += typeEdits }
                result.migrated.append(type.name)
                result.migratedPositions.append(type.location)
                notes[type.file, default: []] += migration.notes.map {
                    "\(type.file):\($0.line):1: note: \(type.name): \($0.text)"
                }
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
                result.notes += notes[file.path] ?? []
            } else {
                // Two types' edits overlap: keep the file as it was rather than guess.
                result.files[file.path] = file.text
                let names = types.filter { $0.file == file.path && result.migratedPositions.contains($0.location) }
                for type in names {
                    result.migrated.removeAll { $0 == type.name }
                    result.migratedPositions.removeAll { $0 == type.location }
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
