// swift-format-ignore-file
// A SwiftUI model whose view calls onAppear()/onDisappear(): it listens while the view is on screen.
import Combine
import Foundation

extension Notification.Name {
    static let locationAuthorizationDidChange = Notification.Name("LocationAuthorizationDidChange")
}

// outcome: migrated
@MainActor
final class LocationPermissionModel: ObservableObject {
    @Published private(set) var refreshes = 0
    private var authorizationToken: NSObjectProtocol?

    func onAppear() {
        authorizationToken = NotificationCenter.default.addObserver(forName: .locationAuthorizationDidChange, object: nil, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.refresh()
            }
        }
    }

    func onDisappear() {
        if let authorizationToken {
            NotificationCenter.default.removeObserver(authorizationToken)
        }
        authorizationToken = nil
    }

    private func refresh() {
        refreshes += 1
    }
}
