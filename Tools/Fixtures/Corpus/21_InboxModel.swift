// swift-format-ignore-file
// Correct: a SwiftUI model with weak captures, its tokens kept in an array and removed in deinit.
import Combine
import Foundation

extension Notification.Name {
    static let inboxDidSync = Notification.Name("InboxDidSync")
}

@MainActor
final class InboxModel: ObservableObject {
    @Published private(set) var unread = 0
    private var tokens: [NSObjectProtocol] = []

    init() {
        tokens.append(NotificationCenter.default.addObserver(forName: .inboxDidSync, object: nil, queue: .main) { [weak self] note in
            MainActor.assumeIsolated {
                self?.unread = note.userInfo?["unread"] as? Int ?? 0
            }
        })
    }

    deinit {
        for token in tokens {
            NotificationCenter.default.removeObserver(token)
        }
    }
}
