// The doc comments of Sources/NotificationLifecycleTesting/NotificationRegistration.swift:
// the context their prose gives the reader,
// "`screen`, an InboxScreen", and its `center`.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
@MainActor let screen = InboxScreen(notificationCenter: center)
