// swift-format-ignore-file
// A struct that registers in attach() and throws the token away.
import Foundation

extension Notification.Name {
    static let scrollDidEnd = Notification.Name("ScrollDidEnd")
}

// outcome: left (value-type)
struct ScrollTracker {
    let name: String

    func attach() {
        NotificationCenter.default.addObserver(forName: .scrollDidEnd, object: nil, queue: nil) { _ in // expect: discarded-token
            print("scroll ended")
        }
    }
}
