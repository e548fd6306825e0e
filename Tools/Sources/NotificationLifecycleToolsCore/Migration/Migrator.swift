import Foundation
import SwiftSyntax

/// The Swift language mode of the module the files are built in.
package enum LanguageMode: Int, Sendable {
    case v5 = 5
    case v6 = 6
}

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
    ///
    /// `languageMode`: the module's Swift language mode. In Swift 5 mode a nonisolated class that is not `Sendable`
    /// adopts `NotificationEngineOwner` (its `Sendable` requirement warns, as Swift 5 checks it); in Swift 6 mode it
    /// is left, with its reason.
    package static func migrate(
        _ files: [SourceFile],
        defaultIsMainActor: Bool = false,
        languageMode: LanguageMode = .v6
    ) -> Result {
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
                    defaultIsMainActor: defaultIsMainActor,
                    languageMode: languageMode
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
                result.files[file.path] = finish(text, original: file.text)
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

    /// What the edits left, as the file's own: no trailing whitespace on a line the original does not have as it is
    /// (a node removed from the middle of a line leaves its separator, a moved block its indentation on blank
    /// lines), and the original's line endings when all of them are CRLF (generated lines end in LF).
    static func finish(_ text: String, original: String) -> String {
        let originalLines = Set(original.split(separator: "\n", omittingEmptySubsequences: false))
        let crlf = original.contains("\r\n") && !original.replacingOccurrences(of: "\r\n", with: "").contains("\n")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            var line = lines[index]
            let ending = line.hasSuffix("\r") ? "\r" : ""
            if !ending.isEmpty { line.removeLast() }
            let trimmed = String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if trimmed != line, !originalLines.contains(Substring(lines[index])) { line = trimmed }
            let isLast = index == lines.count - 1
            lines[index] = line + (crlf && !isLast ? "\r" : ending)
        }
        // Two blank lines in a row where the original never has them (a removed first member left its blank line
        // beside the engine's): one, as the file writes it.
        func isBlank(_ line: some StringProtocol) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        let originalLinesInOrder = original.split(separator: "\n", omittingEmptySubsequences: false)
        let originalHasTwo = zip(originalLinesInOrder, originalLinesInOrder.dropFirst()).contains {
            isBlank($0) && isBlank($1)
        }
        if !originalHasTwo {
            var kept: [String] = []
            for (index, line) in lines.enumerated() {
                let isLast = index == lines.count - 1
                if !isLast, isBlank(line), let previous = kept.last, isBlank(previous), kept.count > 0 { continue }
                kept.append(line)
            }
            lines = kept
        }
        return lines.joined(separator: "\n")
    }
}
