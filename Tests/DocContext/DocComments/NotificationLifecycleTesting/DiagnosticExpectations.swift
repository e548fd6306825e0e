// The doc comments of Sources/NotificationLifecycleTesting/DiagnosticExpectations.swift:
// the context their prose gives the reader,
// "`screen`, an InboxScreen", its `center`, and `store`, yours, that saves a `Draft`.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
@MainActor let screen = InboxScreen(notificationCenter: center)

/// A draft of yours.
nonisolated struct Draft: Equatable, Sendable {
    var text: String
}

/// A store of yours that saves drafts, and returns what it saved.
nonisolated final class DraftStore: Sendable {
    func save(_ draft: Draft) async throws -> Draft { draft }
}

nonisolated let store = DraftStore()
