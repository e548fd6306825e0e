package import Foundation

/// What sees an info's handler calls (the testing module's recorder, which makes its `DeliveryEvent` from them):
/// ``handlerWillRun`` receives the info and the notification (`nil` for a typed message) just before the handler
/// runs, on the thread (or in the task) that runs it, and answers an id; ``handlerReturned`` receives that id once the
/// handler has returned (for an asynchronous message, once its `async` handler has returned).
///
/// Taps are per info, kept under the info's lock that delivery takes anyway, so an info without a tap pays one `nil`
/// check per delivery.
package struct DeliveryTap: Sendable {
    package let handlerWillRun: @Sendable (NotificationInfo, Notification?) -> UInt64
    package let handlerReturned: @Sendable (UInt64) -> Void

    package init(
        handlerWillRun: @escaping @Sendable (NotificationInfo, Notification?) -> UInt64,
        handlerReturned: @escaping @Sendable (UInt64) -> Void
    ) {
        self.handlerWillRun = handlerWillRun
        self.handlerReturned = handlerReturned
    }
}
