import Foundation
import Testing

// This file does not import UIKit (see MigrationBehaviourTests/LifecycleScriptTests.swift); ServiceScript.swift
// holds what needs the stand-ins.

/// Fixtures/Wild/W17_PhotoLibraryService.swift, a nonisolated NSObject service that is not Sendable, and what
/// `migrate --language-mode 5` makes of it, driven through one script: two posts, the release, a post after it.
/// The migrated service hears what the hand-written one heard, on the thread that posted, and is released.
@MainActor
@Suite(.serialized) struct Swift5ServiceTests {
    @Test func photoLibraryService_migratedInSwift5Mode_behavesAsTheHandWrittenOne() {
        let original = ServiceScript.drive(
            PhotoLibraryServiceOriginal.init,
            post: ServiceScript.postOnApplesCenter
        ) { $0.changes }
        let migrated = ServiceScript.drive(
            PhotoLibraryService.init,
            post: ServiceScript.postOnFoundationsCenter
        ) { $0.changes }
        let expected = ServiceScript.Outcome(heard: [1, 2], released: true)
        #expect(original == expected)
        #expect(migrated == expected)
    }

    @Test func photoLibraryService_migratedInSwift5Mode_runsOnThePostingThread() async {
        let counts = await ServiceScript.countAfterAPostFromAnotherThread(PhotoLibraryService.init) { $0.changes }
        #expect(counts.before == 0)
        #expect(counts.after == 1)
    }
}
