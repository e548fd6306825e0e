public import NotificationLifecycle

/// One handler call that a ``DeliveryRecorder`` saw: which topic reached which handler.
///
/// A delivery is recorded just before the handler runs, on the thread that runs it. It keeps no reference to the
/// info, the observer or the notification, so recording never keeps anything alive.
///
/// ```swift
/// await waitForDeliveries(.atLeast(2), in: recorder) { $0.lifespan == .visible }
/// ```
public struct RecordedDelivery: Sendable {
    /// The notification's name, or the typed message's type.
    public let topic: NotificationTopic
    /// The handler that was called: a selector name, or `.closure`.
    let handler: NotificationHandler
    /// The lifespan of the info whose handler was called.
    public let lifespan: Lifespan
    /// The type of the info's observer (the controller, for the shorthands), or `nil` for a standalone closure.
    let observerType: String?
    /// Where the info was made, such as `InboxScreen.swift:14`: tells two closure handlers apart.
    let declaredAt: String

    init(_ event: DeliveryEvent) {
        topic = NotificationTopic(of: event.info) ?? .name(event.name)
        handler = NotificationHandler(event.info)
        lifespan = event.info.lifespan
        observerType = event.info.observer.map { "\(type(of: $0))" }
        declaredAt = RegistrationTable.declaration(of: event.info)
    }

    /// `ping -> didPing: (lifetime, InboxScreen.swift:14)`.
    var description: String {
        "\(topic.text) -> \(handler.description) (\(lifespan), \(declaredAt))"
    }
}
