// The doc comments of Sources/NotificationLifecycleTesting/DeliveryExpectations.swift:
// the context their prose gives the reader, "`screen`, an InboxScreen", the library screen that hears
// `DocumentDidSave` about `document`, and `recorder`, which records both.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/LibraryScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
@MainActor let screen = InboxScreen(notificationCenter: center)
@MainActor let libraryScreen = LibraryScreen(notificationCenter: center)
nonisolated let document = Document()
/// Records the deliveries of `screen` and `libraryScreen` from the start.
@MainActor let recorder: DeliveryRecorder = {
    let recorder = DeliveryRecorder()
    recorder.record(screen)
    recorder.record(libraryScreen)
    return recorder
}()
