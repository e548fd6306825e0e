// NotificationSelectorResponder's example without its `nonisolated`: in a module whose default isolation is
// MainActor the class and its conformance are main-actor, and the compiler refuses to make an info for it, as the
// protocol's documentation says. .ci/consumer-settings.sh type-checks it in S1 and fails if that compiles.
import Foundation
import NotificationLifecycle

class KeyboardAvoider: NotificationSelectorResponder {
    class var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
            .adding("keyboardWillShow:") { (avoider: KeyboardAvoider) in
                avoider.keyboardWillShow
            }
            .adding("reset") { (avoider: KeyboardAvoider) in avoider.reset }
    }

    func keyboardWillShow(_ notification: Notification) {}
    func reset() {}
}

func listen(_ avoider: KeyboardAvoider) -> NotificationInfo {
    NotificationInfo(observer: avoider, selector: "reset", name: Notification.Name("Reset"))
}
