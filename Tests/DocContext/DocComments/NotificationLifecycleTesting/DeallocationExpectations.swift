// The doc comments of Sources/NotificationLifecycleTesting/DeallocationExpectations.swift:
// the context their prose gives the reader,
// "here `center`, the test's own", that the screen it creates listens on.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
