// The doc comments of Sources/NotificationLifecycleTesting/SenderFilter.swift:
// the context their prose gives the reader,
// `center` and `store`, yours, that posts `.storeDidSave`.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
nonisolated let store = Store(center: center)
