// swift-format-ignore-file
// Correct: a SwiftUI model with weak captures, its tokens kept in an array and removed in deinit.
import Combine
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let inboxDidSync = Notification.Name("InboxDidSync")
}

@MainActor
final class InboxModel: ObservableObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    @Published private(set) var unread = 0

    init() {
        addLifetimeNotificationInfo(forName: .inboxDidSync) { owner, note in
            owner.unread = note.userInfo?["unread"] as? Int ?? 0
        }
    }
}
