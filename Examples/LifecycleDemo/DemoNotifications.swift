import Foundation
import NotificationLifecycle

extension Notification.Name {
    /// The system is short of memory.
    static let memoryWarning = Notification.Name("memoryWarning")
    /// The user changed a setting.
    static let settingsDidChange = Notification.Name("settingsDidChange")
    /// New messages arrived in the inbox.
    static let messagesDidArrive = Notification.Name("messagesDidArrive")
    /// The app's theme changed.
    static let themeDidChange = Notification.Name("themeDidChange")
    /// The draft editor saved the draft in the background.
    static let draftDidAutosave = Notification.Name("draftDidAutosave")
}

extension Lifespan {
    /// While the user writes a reply: started and stopped by the controller itself.
    static let composing = Lifespan.custom("composing")
}

/// The object that posts `draftDidAutosave`; the composing listener filters on it.
final class DraftEditor: Sendable {}
