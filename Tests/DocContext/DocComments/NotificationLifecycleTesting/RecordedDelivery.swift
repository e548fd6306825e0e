// The doc comments of Sources/NotificationLifecycleTesting/RecordedDelivery.swift:
// the context their prose gives the reader,
// `center`, `recorder` (recording `screen`) and `store`, yours.
// doc-blocks: also Tests/DocContext/DocComments/NotificationLifecycleTesting/InboxScreen.swift
import Foundation
import NotificationLifecycle
import NotificationLifecycleTesting

nonisolated let center = NotificationCenter()
@MainActor let screen = InboxScreen(notificationCenter: center)
/// Records `screen`'s deliveries from the start.
@MainActor let recorder: DeliveryRecorder = {
    let recorder = DeliveryRecorder()
    recorder.record(screen)
    return recorder
}()
nonisolated let store = Store(center: center)
