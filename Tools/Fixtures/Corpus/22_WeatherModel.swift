// swift-format-ignore-file
// A SwiftUI model whose observer keeps it alive: stored token, strong self, never removed.
import Combine
import Foundation

final class WeatherModel: ObservableObject {
    @Published var temperature: Double = 0
    private var observation: NSObjectProtocol?

    init() {
        observation = NotificationCenter.default.addObserver(forName: .weatherDidUpdate, object: nil, queue: .main) { note in // expect: token-never-removed, strong-self-capture
            self.temperature = note.userInfo?["celsius"] as? Double ?? 0
        }
    }
}

extension Notification.Name {
    static let weatherDidUpdate = Notification.Name("WeatherDidUpdate")
}
