// The "Lifespans" article shows this code verbatim; ReadmeSnippetTests runs it.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    nonisolated static let draftDidAutosave =
        Notification.Name("DraftDidAutosave")
}

extension Lifespan {
    nonisolated static let composing = Lifespan.custom("composing")
}

final class ReplyController: ControllerBase {
    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addNotificationInfo(
            forName: .draftDidAutosave,
            lifespan: .composing
        ) { reply, _ in
            reply.autosaves += 1
        }
    }

    private(set) var autosaves = 0

    func startComposing() {
        notificationEngine.start(.composing)
    }

    func stopComposing() {
        notificationEngine.stop(.composing)
    }
}
