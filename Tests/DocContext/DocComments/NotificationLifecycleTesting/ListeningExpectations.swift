// The doc comments of Sources/NotificationLifecycleTesting/ListeningExpectations.swift:
// the context their prose gives the reader,
// "`screen`, an InboxScreen", its `center`, and `store`, yours, that posts `.storeDidSave`.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
@MainActor let screen = InboxScreen(notificationCenter: center)
nonisolated let store = Store(center: center)
