import ArgumentParser
import Foundation
import NotificationLifecycleToolsCore

@main
struct NotificationLifecycleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notification-lifecycle",
        abstract:
            "Finds hand-written NotificationCenter observer bugs and moves the observers to NotificationLifecycle.",
        discussion: """
            check PATH… lists the bugs; migrate PATH… prints a unified diff that declares the listeners instead \
            (--write applies it). Tools/README.md describes each rule with an example finding and its fix.
            """,
        version: Report.toolVersion,
        subcommands: [Check.self, Migrate.self]
    )
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reports hand-written observer bugs, per type, with their lifecycle methods in mind.",
        discussion: """
            Rules:
            \(Rule.all.map { "  \($0.id): \($0.summary)" }.joined(separator: "\n"))

            Exits with status 1 when something was found (unless --exit-zero), 2 when a path cannot be read.
            """
    )

    @Option(help: "Output format: text (file:line:column: warning: [rule] …), json or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Flag(help: "Exit with status 0 even when something was found.")
    var exitZero = false

    @Argument(help: "Swift files or folders to read (folders recursively; hidden and .build folders are skipped).")
    var paths: [String]

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    func run() throws {
        let files: [SourceFile]
        do {
            files = try SourceFiles.read(SourceFiles.paths(in: paths))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        for note in ModelBuilder.program(files).notes {
            FileHandle.standardError.write(Data("\(note)\n".utf8))
        }
        let findings = Checker.check(files)
        let format = ReportFormat(rawValue: format.rawValue) ?? .text
        print(Report.render(findings, as: format), terminator: "")
        if format == .text {
            FileHandle.standardError.write(Data((Report.summary(findings, filesRead: files.count) + "\n").utf8))
        }
        if !findings.isEmpty, !exitZero { throw ExitCode(1) }
    }
}
