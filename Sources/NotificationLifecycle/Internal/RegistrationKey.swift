package import Foundation

/// What makes two registrations the same: name, sender, lifespan, handler and, for a typed message, its type.
///
/// Two infos with equal keys would deliver the same notification to the same handler twice; an owner refuses the
/// second one and reports it (``NotificationDiagnostic/Rule/duplicateRegistration``).
package struct RegistrationKey: Hashable, Sendable {
    /// A handler's identity: the same selector on the same observer, or a closure written at the same place.
    package enum HandlerIdentity: Hashable, Sendable {
        case selector(NotificationSelector, observer: ObjectIdentifier)
        case closure(site: String, observer: ObjectIdentifier?)
    }

    package let name: Notification.Name?
    package let sender: ObjectIdentifier?
    package let lifespan: Lifespan
    package let handler: HandlerIdentity
    /// The typed message's type, or `nil` for a notification.
    package var messageType: ObjectIdentifier? = nil
}
