// swift-format-ignore-file
// The block is kept alive by a token on self and captures self strongly: neither is ever released,
// and the removal in deinit never runs.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let draftDidChange = Notification.Name("DraftDidChange")
}

final class DraftAutosaver: ControllerBase {
    private var savedDrafts = 0

    init() {
        super.init()
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .draftDidChange) { owner, _ in // expect: strong-self-capture
            owner.savedDrafts += 1
        }
    }
}
