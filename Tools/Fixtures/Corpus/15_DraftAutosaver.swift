// swift-format-ignore-file
// The block is kept alive by a token on self and captures self strongly: neither is ever released,
// and the removal in deinit never runs.
import Foundation

extension Notification.Name {
    static let draftDidChange = Notification.Name("DraftDidChange")
}

final class DraftAutosaver {
    private var changeToken: NSObjectProtocol?
    private var savedDrafts = 0

    init() {
        changeToken = NotificationCenter.default.addObserver(forName: .draftDidChange, object: nil, queue: nil) { _ in // expect: strong-self-capture
            self.savedDrafts += 1
        }
    }

    deinit {
        if let changeToken {
            NotificationCenter.default.removeObserver(changeToken)
        }
    }
}
