// swift-format-ignore-file
// The center is injected and kept in a property whose name does not say "center"; its type does.
import Foundation

final class PresenceService {
    private let bus: NotificationCenter
    private(set) var isOnline = false

    init(bus: NotificationCenter = .default) {
        self.bus = bus
        bus.addObserver(forName: .presenceDidChange, object: nil, queue: nil) { [weak self] note in // expect: discarded-token
            self?.isOnline = note.userInfo?["online"] as? Bool ?? false
        }
    }
}

extension Notification.Name {
    static let presenceDidChange = Notification.Name("PresenceDidChange")
}
