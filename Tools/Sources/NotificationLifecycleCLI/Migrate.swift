import ArgumentParser
import Foundation
import NotificationLifecycleToolsCore

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrites the observers of each type it fully understands into NotificationLifecycle declarations.",
        discussion: """
            Each class it migrates owns a NotificationEngine and adopts MainActorNotificationEngineOwner when it is \
            main-actor (its attributes, superclass chain or protocols say so) or NotificationEngineOwner when it is \
            nonisolated and Sendable. Listeners added in init, viewDidLoad, awakeFromNib or windowDidLoad are \
            lifetime and stay in place; those added in viewWillAppear/viewDidAppear, willActivate or onAppear() are \
            visible (notificationEngine.appear() and disappear()); those added in a method no lifecycle method calls \
            get a custom lifespan started and stopped where they were registered and removed. Without --write it \
            prints a unified diff. A type it does not fully understand is left untouched, with one line on standard \
            error saying why; a note says where behaviour moves.
            """
    )

    @Flag(help: "Edit the files in place instead of printing a diff.")
    var write = false

    @Option(
        help: """
            The module's default isolation: nonisolated (Swift's default) or MainActor (-default-isolation MainActor, \
            SwiftPM's .defaultIsolation(MainActor.self)). A class that says nothing of its isolation has it.
            """
    )
    var defaultIsolation: DefaultIsolation = .nonisolated

    enum DefaultIsolation: String, ExpressibleByArgument, CaseIterable {
        case nonisolated
        case mainActor = "MainActor"
    }

    @Option(
        help: """
            The module's Swift language mode: 6 (the default) or 5. In Swift 5 mode a nonisolated class that is not \
            Sendable adopts NotificationEngineOwner and its listeners keep running on the posting thread; the \
            compiler then warns where its state is shared across threads. In Swift 6 mode such a class is left \
            untouched. Without the option, a Package.swift beside or above the paths that sets swiftLanguageModes \
            (or swiftLanguageVersions) to 5 alone, or whose tools version is below 6.0, gives 5.
            """
    )
    var languageMode: Int?

    @Argument(help: "Swift files or folders to read (folders recursively; hidden and .build folders are skipped).")
    var paths: [String]

    func run() throws {
        let files: [SourceFile]
        do {
            files = try SourceFiles.read(SourceFiles.paths(in: paths))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let mode: LanguageMode
        if let languageMode {
            guard let given = LanguageMode(rawValue: languageMode) else {
                FileHandle.standardError.write(Data("error: --language-mode takes 5 or 6, not \(languageMode)\n".utf8))
                throw ExitCode(2)
            }
            mode = given
        } else {
            mode = PackageManifest.languageMode(around: paths) ?? .v6
        }
        let result = Migrator.migrate(files, defaultIsMainActor: defaultIsolation == .mainActor, languageMode: mode)
        for line in result.readingNotes + result.skipped.map(\.description) + result.notes {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
        for file in files {
            guard let migrated = result.files[file.path], migrated != file.text else { continue }
            if write {
                try migrated.write(toFile: file.path, atomically: true, encoding: .utf8)
                FileHandle.standardError.write(Data("rewrote \(file.path)\n".utf8))
            } else {
                print(UnifiedDiff.diff(old: file.text, new: migrated, path: file.path), terminator: "")
            }
        }
        let summary = "\(result.migrated.count) type(s) migrated, \(result.skipped.count) left untouched\n"
        FileHandle.standardError.write(Data(summary.utf8))
    }
}
