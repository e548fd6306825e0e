import NotificationLifecycleTesting

@testable import NotificationLifecycle

extension NotificationEngine {
    /// Installs a tap that sees each handler call just before it runs, and not its return: what these tests check.
    func setDeliveryTap(_ handlerWillRun: @escaping @Sendable (DeliveryEvent) -> Void) {
        setDeliveryTap(
            DeliveryTap(
                handlerWillRun: { event in
                    handlerWillRun(event)
                    return 0
                },
                handlerReturned: { _ in }
            )
        )
    }
}
