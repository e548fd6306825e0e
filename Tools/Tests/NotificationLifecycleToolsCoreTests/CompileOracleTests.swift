import Foundation
import NotificationLifecycleToolsCore
import Testing

/// The compile oracle (issue 31): what `migrate` writes for Fixtures/Wild type-checks in Swift 6 mode, in Swift 5
/// mode, and in a module whose default isolation is `MainActor` (in Swift 6 and in Swift 5 mode, issue 37), against the root package (built by path, so that
/// it follows the root's API) and against stand-ins declared as Apple declares UIKit, AppKit and WatchKit
/// (Tests/StandIns). One `swiftc -typecheck` per setting over all the files, as one module.
///
/// Linux only: the stand-ins are built there (Package.swift), and `@objc` goes from the migrated files as
/// LinuxTranscript does (Objective-C interop is Apple's). Files still holding `#selector` are the ones migrate left
/// untouched; they cannot compile on Linux and are left out.
@Suite(.enabled(if: CompileOracle.isLinux, "the stand-ins are built on Linux only"))
struct CompileOracleTests {
    @Test func everyMigratedWildFixtureTypeChecksInEachSetting() throws {
        let report = try CompileOracle.run()
        print(report.summary)
        #expect(report.migratedFiles >= 1, "migrate changed no file of Fixtures/Wild")
        #expect(report.failures.isEmpty, "\(report.failures.joined(separator: "\n"))")
    }

    /// The isolation guessed from an override of a lifecycle method (AppleClasses.mainActorLifecycleMethods) is
    /// checked by the compiler: over a nonisolated base that declares `viewWillAppear(_:)` (ShimmerKit's
    /// ShimmerPageController), the original compiles and the migrated main-actor owner does not, in Swift 6 mode;
    /// Swift 5 mode reports the same mismatch as a diagnostic too.
    @Test func aWrongMainActorGuessIsACompileDiagnosticNotASilentChange() throws {
        let original = """
            import ShimmerKit

            extension Notification.Name {
                static let pageDidTurn = Notification.Name("PageDidTurn")
            }

            final class PageController: ShimmerPageController {
                private var turnObserver: NSObjectProtocol?
                private(set) var appearances = 0

                override init() {
                    super.init()
                    turnObserver = NotificationCenter.default.addObserver(forName: .pageDidTurn, object: nil, queue: nil) { _ in
                        print("turned")
                    }
                }

                deinit {
                    if let turnObserver {
                        NotificationCenter.default.removeObserver(turnObserver)
                    }
                }

                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    appearances += 1
                }
            }

            """
        let file = SourceFile(path: "PageController.swift", text: original)
        let result = Migrator.migrate([file])
        let migrated = try #require(result.files[file.path])
        #expect(migrated.contains("MainActorNotificationEngineOwner"), "the guess was not made: \(result.skipped)")
        let modules = try CompileOracle.modulesFolder()
        func diagnostics(_ text: String, _ flags: [String]) throws -> [String] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("guess-\(UUID().uuidString).swift")
            defer { try? FileManager.default.removeItem(at: url) }
            try text.write(to: url, atomically: true, encoding: .utf8)
            let output = try CompileOracle.swiftc(
                ["-typecheck", "-module-name", "Guess", "-I", modules.path] + flags + [url.path]
            )
            return output.split(separator: "\n").map(String.init).filter {
                $0.contains(": error: ") || $0.contains(": warning: ")
            }
        }
        let swift6 = ["-swift-version", "6"]
        #expect(try diagnostics(original, swift6).filter { $0.contains(": error: ") }.isEmpty)
        let errors = try diagnostics(migrated, swift6).filter { $0.contains(": error: ") }
        print("wrong guess, Swift 6: \(errors.first ?? "no error")")
        #expect(errors.contains { $0.contains("isolat") }, "\(errors)")
        let swift5 = try diagnostics(migrated, ["-swift-version", "5"])
        print("wrong guess, Swift 5: \(swift5.first ?? "no diagnostic")")
        #expect(swift5.contains { $0.contains("isolat") }, "\(swift5)")
    }

    /// A class main-actor by its module's default alone, in a Swift 5 module (RealApps: reynard-browser's
    /// BackgroundAudioManager, which RealApps/oracle.py flagged): a Timer's block calling its method is a warning
    /// there, and stays one once migrated, because the owner protocol is adopted in an extension; adopted in the
    /// class's declaration, it makes the isolation explicit and the warning an error.
    @Test func aClassMainActorByDefaultKeepsItsSwift5Warnings() throws {
        let original = """
            import Foundation

            extension Notification.Name {
                nonisolated static let audioRouteDidReset = Notification.Name("AudioRouteDidReset")
            }

            final class ToneKeeper {
                private var timer: Timer?
                private var resetObserver: NSObjectProtocol?
                private(set) var resets = 0
                private(set) var checks = 0

                init() {
                    resetObserver = NotificationCenter.default.addObserver(
                        forName: .audioRouteDidReset, object: nil, queue: .main
                    ) { [weak self] _ in
                        self?.resets += 1
                    }
                }

                deinit {
                    if let resetObserver {
                        NotificationCenter.default.removeObserver(resetObserver)
                    }
                }

                func start() {
                    let timer = Timer(timeInterval: 2, repeats: true) { [weak self] _ in
                        self?.check()
                    }
                    RunLoop.main.add(timer, forMode: .common)
                    self.timer = timer
                }

                private func check() { checks += 1 }
            }

            """
        let file = SourceFile(path: "ToneKeeper.swift", text: original)
        let result = Migrator.migrate([file], defaultIsMainActor: true, languageMode: .v5)
        let migrated = try #require(result.files[file.path], "\(result.skipped)")
        #expect(migrated.contains("extension ToneKeeper: MainActorNotificationEngineOwner {}"), "\(migrated)")
        let modules = try CompileOracle.modulesFolder()
        func errors(_ text: String) throws -> [String] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "default-\(UUID().uuidString).swift"
            )
            defer { try? FileManager.default.removeItem(at: url) }
            try text.write(to: url, atomically: true, encoding: .utf8)
            let output = try CompileOracle.swiftc(
                ["-typecheck", "-module-name", "ToneKeeper", "-I", modules.path, "-swift-version", "5"]
                    + ["-default-isolation", "MainActor", url.path]
            )
            return output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        }
        #expect(try errors(original).isEmpty)
        #expect(try errors(migrated).isEmpty)
    }
}

enum CompileOracle {
    #if os(Linux)
    static let isLinux = true
    #else
    static let isLinux = false
    #endif

    /// Each setting, whether migrate is told that the module's default isolation is MainActor (as a user migrating
    /// such a module passes `--default-isolation MainActor`), and the language mode it is told (`--language-mode 5`:
    /// nonisolated classes that are not Sendable migrate there, with warnings, no errors).
    static let settings: [(name: String, flags: [String], defaultIsMainActor: Bool, languageMode: LanguageMode)] = [
        ("Swift 6", ["-swift-version", "6"], false, .v6),
        ("Swift 5", ["-swift-version", "5"], false, .v5),
        ("default isolation MainActor", ["-swift-version", "6", "-default-isolation", "MainActor"], true, .v6),
        // A Swift 5 module whose default isolation is MainActor (RealApps: reynard-browser): there the compiler only
        // warns of some isolation mismatches of a class main-actor by default, and errs once it is so explicitly.
        (
            "Swift 5, default isolation MainActor", ["-swift-version", "5", "-default-isolation", "MainActor"], true,
            .v5
        ),
    ]

    struct Report {
        var migratedFiles = 0
        var compiledFiles = 0
        /// `setting: file:line: error: …` for each error in a migrated file.
        var failures: [String] = []
        /// Errors in files migrate left alone (their originals'): listed, not counted.
        var contextErrors: [String] = []

        var summary: String {
            var lines = [
                "compile oracle: \(migratedFiles) migrated files, \(compiledFiles) compiled per setting, "
                    + "\(failures.count) errors in migrated files"
            ]
            lines += failures.map { "  FAIL \($0)" }
            lines += contextErrors.map { "  (untouched) \($0)" }
            return lines.joined(separator: "\n")
        }
    }

    /// The folder SwiftPM put the modules of this build in: next to the test bundle.
    static func modulesFolder() throws -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("Modules"), bundle]
        guard
            let found = candidates.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("AppKit.swiftmodule").path)
            })
        else {
            throw OracleError(
                "no AppKit.swiftmodule next to \(bundle.path): build the stand-ins first "
                    + "(swift build --build-tests --package-path Tools)"
            )
        }
        return found
    }

    struct OracleError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func run() throws -> Report {
        let modules = try modulesFolder()
        let files = try WildFixtureTests.files()
        var report = Report()
        for setting in settings {
            let migration = Migrator.migrate(
                files,
                defaultIsMainActor: setting.defaultIsMainActor,
                languageMode: setting.languageMode
            )
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var migrated: Set<String> = []
            var paths: [String] = []
            for (index, file) in files.enumerated() {
                let text = migration.files[file.path] ?? file.text
                guard !text.contains("#selector") else { continue }
                // A flat copy: the oracle is about the code, not the folders (Fixtures/Wild has spaces in them).
                let url = folder.appendingPathComponent("\(index)_" + URL(fileURLWithPath: file.path).lastPathComponent)
                try LinuxTranscript.migrated(text).write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
                if text != file.text { migrated.insert(url.path) }
            }
            report.migratedFiles = max(report.migratedFiles, migrated.count)
            report.compiledFiles = max(report.compiledFiles, paths.count)
            // One frontend for all the files (-wmo), which reports every file's errors.
            let output = try swiftc(
                ["-typecheck", "-wmo", "-continue-building-after-errors", "-module-name", "WildFixtures"]
                    + ["-I", modules.path] + setting.flags + paths
            )
            for line in output.split(separator: "\n") where line.contains(": error: ") {
                let path = String(line.prefix { $0 != ":" })
                let short = line.replacingOccurrences(of: folder.path + "/", with: "")
                if migrated.contains(path) {
                    report.failures.append("\(setting.name): \(short)")
                } else {
                    report.contextErrors.append("\(setting.name): \(short)")
                }
            }
        }
        return report
    }

    static func swiftc(_ arguments: [String]) throws -> String {
        try run(["swiftc"] + arguments)
    }

    /// Runs a command found on the PATH and returns its standard output and error.
    static func run(_ command: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
