// swift-format-ignore-file
// `_ =` silences the compiler, not the leak: the token is still thrown away.
import Foundation

final class BadgeCounter {
    private(set) var count = 0

    init(center: NotificationCenter) {
        _ = center.addObserver(forName: .messageDidArrive, object: nil, queue: .main) { [weak self] _ in // expect: discarded-token
            self?.count += 1
        }
    }
}

extension Notification.Name {
    static let messageDidArrive = Notification.Name("MessageDidArrive")
}
