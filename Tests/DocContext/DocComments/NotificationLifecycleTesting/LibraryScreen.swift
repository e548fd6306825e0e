// A screen of typed messages for the testing module's doc-comment examples that name a message type:
// `LibraryScreen` listens to `.storeDidChange`, to `ThemeDidChange` (a main-actor message) and to
// `DocumentDidSave` (an asynchronous message, which counts the save in `library`). Pages name this file, with
// InboxScreen.swift (its notification names), on their `// doc-blocks: also` line.
import Foundation
import NotificationLifecycle

/// Posts `ThemeDidChange`, with itself as the subject.
nonisolated final class ThemeStore: Sendable {}

/// Posts `DocumentDidSave`, with itself as the subject.
nonisolated final class Document: Sendable {}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct ThemeDidChange: NotificationCenter.MainActorMessage {
    typealias Subject = ThemeStore
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct DocumentDidSave: NotificationCenter.AsyncMessage {
    typealias Subject = Document
}

/// What the screen's `DocumentDidSave` handler updates.
@MainActor final class Library {
    private(set) var savedCount = 0

    func didSave() { savedCount += 1 }
}

@MainActor let library = Library()

@MainActor final class LibraryScreen: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .storeDidChange) { _, _ in }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            addMessageInfo(for: ThemeDidChange.self) { _, _ in }
            addMessageInfo(for: DocumentDidSave.self) { _, _ in library.didSave() }
        }
    }
}
