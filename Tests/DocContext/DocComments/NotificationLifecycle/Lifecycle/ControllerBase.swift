// ControllerBase's doc comments: the context their prose gives the reader, "notification names of yours".
import Foundation

extension Notification.Name {
    nonisolated static let storeDidChange = Notification.Name("StoreDidChange")
    nonisolated static let themeDidChange = Notification.Name("ThemeDidChange")
}
