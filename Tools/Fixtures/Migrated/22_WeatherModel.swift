// swift-format-ignore-file
// A SwiftUI model whose observer keeps it alive: stored token, strong self, never removed.
import Combine
import Foundation
import NotificationLifecycle

final class WeatherModel: ControllerBase, ObservableObject {
    @Published var temperature: Double = 0

    init() {
        super.init()
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .weatherDidUpdate, queue: .main) { owner, note in // expect: token-never-removed, strong-self-capture
            owner.temperature = note.userInfo?["celsius"] as? Double ?? 0
        }
    }
}

extension Notification.Name {
    static let weatherDidUpdate = Notification.Name("WeatherDidUpdate")
}
