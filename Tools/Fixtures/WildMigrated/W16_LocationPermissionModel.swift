// swift-format-ignore-file
// A SwiftUI model whose view calls onAppear()/onDisappear(): it listens while the view is on screen.
import Combine
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let locationAuthorizationDidChange = Notification.Name("LocationAuthorizationDidChange")
}

// outcome: migrated
@MainActor
final class LocationPermissionModel: ObservableObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    @Published private(set) var refreshes = 0

    init() {
        addVisibleNotificationInfo(forName: .locationAuthorizationDidChange) { owner, _ in owner.refresh() }
    }

    func onAppear() {
        notificationEngine.appear()
    }

    func onDisappear() {
        notificationEngine.disappear()
    }

    private func refresh() {
        refreshes += 1
    }
}
