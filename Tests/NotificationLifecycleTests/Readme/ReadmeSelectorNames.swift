// README: "Selector names on Linux". The README shows this code verbatim; ReadmeSnippetTests runs it.
import Foundation
import NotificationLifecycle

extension Notification.Name {
    static let keyboardWillShow = Notification.Name("KeyboardWillShow")
    static let keyboardWillHide = Notification.Name("KeyboardWillHide")
}

class KeyboardAvoidingController: ControllerBase {
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding(
                "keyboardWillShow:",
                onMainActor: { (controller: KeyboardAvoidingController, note) in
                    controller.keyboardWillShow(note)
                }
            )
            .adding(
                "keyboardWillHide",
                onMainActor: { (controller: KeyboardAvoidingController, _) in
                    controller.keyboardWillHide()
                }
            )
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(
            forName: .keyboardWillShow,
            selector: "keyboardWillShow:"
        )
        addVisibleNotificationInfo(
            forName: .keyboardWillHide,
            selector: "keyboardWillHide"
        )
    }

    private(set) var bottomInset = 0.0

    func keyboardWillShow(_ notification: Notification) {
        bottomInset = notification.userInfo?["height"] as? Double ?? 0
    }

    func keyboardWillHide() {
        bottomInset = 0
    }
}

final class ComposeController: KeyboardAvoidingController {
    private(set) var keyboardShows = 0

    override func keyboardWillShow(_ notification: Notification) {
        super.keyboardWillShow(notification)
        keyboardShows += 1
    }
}
