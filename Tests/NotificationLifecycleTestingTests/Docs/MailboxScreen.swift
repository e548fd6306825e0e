// The controller of the testing catalog's article "Testing your listeners", verbatim: the article's first
// ```swift block. Keep the two identical (.ci/check-readme-snippets.sh checks it). .ci/consumer-settings.sh also
// compiles this file, unchanged, in each module setting users write it in.

import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let storeDidChange =
        Notification.Name("StoreDidChange")
    nonisolated static let fontSizeDidChange =
        Notification.Name("FontSizeDidChange")
    nonisolated static let draftDidChange =
        Notification.Name("DraftDidChange")
}

extension Lifespan {
    nonisolated static let composing = Lifespan.custom("composing")
}

/// Posts `ThemeDidChange`, with itself as the subject.
final class ThemeStore: Sendable {
    nonisolated static let shared = ThemeStore()
}

/// Posts `DraftDidSave`, with itself as the subject.
final class Document: Sendable {}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct ThemeDidChange: NotificationCenter.MainActorMessage {
    typealias Subject = ThemeStore
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct DraftDidSave: NotificationCenter.AsyncMessage {
    typealias Subject = Document
}

final class MailboxScreen: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding(
                "storeDidChange:",
                onMainActor: { (screen: MailboxScreen, note) in
                    screen.storeDidChange(note)
                }
            )
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(
            forName: .storeDidChange,
            selector: "storeDidChange:"
        )
        addVisibleNotificationInfo(forName: .fontSizeDidChange) { screen, _ in
            screen.applyFontSize()
        }
        addNotificationInfo(
            forName: .draftDidChange,
            lifespan: .composing
        ) { screen, _ in
            screen.saveDraft()
        }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            addMessageInfo(
                for: ThemeDidChange.self,
                subject: .only(.shared),
                lifespan: .visible
            ) { screen, _ in
                screen.applyTheme()
            }
            addMessageInfo(for: DraftDidSave.self) { screen, _ in
                screen.showSaved()
            }
        }
    }

    private(set) var fontSizeApplied = 0
    private(set) var savedShown = 0

    func storeDidChange(_ notification: Notification) {}
    func applyFontSize() { fontSizeApplied += 1 }
    func saveDraft() {}
    func applyTheme() {}
    func showSaved() { savedShown += 1 }
}
