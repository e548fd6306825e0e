package import Foundation

/// What makes two registrations the same: name, sender, lifespan, handler and, for a typed message, its type.
///
/// Two infos with equal keys would deliver the same notification to the same handler twice; an owner refuses the
/// second one and reports it (``NotificationDiagnostic/Rule/duplicateRegistration``).
package struct RegistrationKey: Hashable, Sendable {
    /// A handler's identity: the same selector on the same observer, or a closure written at the same place.
    package enum HandlerIdentity: Hashable, Sendable {
        case selector(NotificationSelector, observer: ObjectIdentifier)
        case closure(fileID: String, line: Int, column: Int, observer: ObjectIdentifier?)
    }

    package let name: Notification.Name?
    package let sender: ObjectIdentifier?
    package let lifespan: Lifespan
    package let handler: HandlerIdentity
    /// The typed message's type, or `nil` for a notification.
    package var messageType: ObjectIdentifier? = nil

    /// Hashes every part but a closure's file, which equality still compares: keys are hashed each time an owner
    /// adds an info, and the file name is by far their longest part, while the line and column alone rarely match.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(sender)
        hasher.combine(lifespan)
        hasher.combine(messageType)
        switch handler {
        case .selector(let selector, let observer):
            hasher.combine(0 as UInt8)
            hasher.combine(selector)
            hasher.combine(observer)
        case .closure(_, let line, let column, let observer):
            hasher.combine(1 as UInt8)
            hasher.combine(line)
            hasher.combine(column)
            hasher.combine(observer)
        }
    }
}
