// Compiled unchanged in each module setting by .ci/consumer-settings.sh; .ci/check-readme-snippets.sh --owners
// checks that every owner block of the articles stands here verbatim.
import Foundation
import NotificationLifecycle

// "Selector names".
extension Notification.Name {
    nonisolated static let keyboardWillShow =
        Notification.Name("KeyboardWillShow")
    nonisolated static let keyboardWillHide =
        Notification.Name("KeyboardWillHide")
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

/// The article's main-actor table, in the class `Examples/MainActorScreen` declares it in.
final class InboxScreenModel: ControllerBase {
    private(set) var accountChanges = 0

    // Excerpt of InboxScreenModel in Examples/MainActorScreen: a member
    // The table is read from any thread, so it is nonisolated; its entries
    // run on the main actor.
    nonisolated override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding(
                "accountDidChange:",
                onMainActor: { (model: InboxScreenModel, note) in
                    model.accountDidChange(note)
                }
            )
    }

    func accountDidChange(_ notification: Notification) { accountChanges += 1 }
}
