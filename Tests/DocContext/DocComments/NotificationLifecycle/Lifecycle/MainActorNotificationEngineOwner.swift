// The doc comments of MainActorNotificationEngineOwner.swift: the context their prose gives the reader,
// "a notification name of yours", and UIKit's UIViewController, as the stand-ins of the "UIKit and SwiftUI"
// article's context declare it.
// doc-blocks: also Tests/DocContext/NotificationLifecycle/UIKitAndSwiftUI.swift
import Foundation

extension Notification.Name {
    nonisolated static let profileDidChange = Notification.Name("ProfileDidChange")
}
