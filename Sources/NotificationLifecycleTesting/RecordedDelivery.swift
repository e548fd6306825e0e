public import Foundation
public import NotificationLifecycle

/// One handler call that a ``DeliveryRecorder`` saw: which notification reached which handler.
///
/// A delivery is recorded just before the handler runs, on the thread that runs it. It keeps no reference to the
/// info, the observer or the notification, so recording never keeps anything alive.
public struct RecordedDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The notification's name.
    public let name: Notification.Name
    /// The handler that was called: a selector name, or `.closure`.
    public let handler: NotificationHandler
    /// The lifespan of the info whose handler was called.
    public let lifespan: Lifespan
    /// The type of the info's observer (the controller, for the shorthands), or `nil` for a standalone closure.
    public let observerType: String?
    /// The identity of the notification's sender, when it was an object.
    public let sender: ObjectIdentifier?
    /// The keys of the notification's `userInfo`, as strings, sorted.
    public let userInfoKeys: [String]
    /// Where the info was made, such as `InboxScreen.swift:14`: tells two closure handlers apart.
    public let declaredAt: String

    /// Makes a delivery from its parts; the recorder makes them for you.
    public init(
        name: Notification.Name,
        handler: NotificationHandler,
        lifespan: Lifespan,
        observerType: String? = nil,
        sender: ObjectIdentifier? = nil,
        userInfoKeys: [String] = [],
        declaredAt: String = ""
    ) {
        self.name = name
        self.handler = handler
        self.lifespan = lifespan
        self.observerType = observerType
        self.sender = sender
        self.userInfoKeys = userInfoKeys
        self.declaredAt = declaredAt
    }

    init(_ event: DeliveryEvent) {
        self.init(
            name: event.name,
            handler: NotificationHandler(event.info),
            lifespan: event.info.lifespan,
            observerType: event.info.observer.map { "\(type(of: $0))" },
            sender: event.sender,
            userInfoKeys: event.userInfoKeys,
            declaredAt: RegistrationTable.declaration(of: event.info)
        )
    }

    /// `ping -> didPing: (lifetime, InboxScreen.swift:14)`.
    public var description: String {
        "\(name.rawValue) -> \(handler) (\(lifespan), \(declaredAt))"
    }
}
