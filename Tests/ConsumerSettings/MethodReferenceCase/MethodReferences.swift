// The method references of the article "Selector names" bound in classes that are not owners: a plain class's, and a
// `@MainActor` class's. .ci/consumer-settings.sh type-checks this file in each module setting: it compiles without a
// warning in S1-S3 (Swift 6 mode, or Swift 5 with InferSendableFromCaptures as in S2), and in S4 (Swift 5 without
// that feature) the compiler warns about each reference, as the article says: there a closure is bound instead.
import Foundation
import NotificationLifecycle

nonisolated final class PlainKeyboard: NotificationSelectorResponder, Sendable {
    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
            .adding("keyboardWillShow:", PlainKeyboard.keyboardWillShow)
    }

    func keyboardWillShow(_ notification: Notification) {}
}

@MainActor final class MainActorModel: NotificationSelectorResponder, Sendable {
    nonisolated static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
            .adding("reload", MainActorModel.reload)
    }

    func reload() {}
}
