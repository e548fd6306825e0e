// The doc comments of Sources/NotificationLifecycleTesting/NotificationTopic.swift:
// the context their prose gives the reader, "`screen`, which listens to a name and a message type", and
// `recorder`, which records it.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/LibraryScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
@MainActor let screen = LibraryScreen(notificationCenter: center)
/// Records `screen`'s deliveries from the start.
@MainActor let recorder: DeliveryRecorder = {
    let recorder = DeliveryRecorder()
    recorder.record(screen)
    return recorder
}()
