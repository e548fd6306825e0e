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
    package let messageType: ObjectIdentifier?
    /// The hash of the parts above, computed once: an engine counts its infos' keys by this number, and hashing
    /// the parts (a name string among them) at each lookup would cost several hundred instructions each time.
    package let partsHash: Int

    package init(
        name: Notification.Name?,
        sender: ObjectIdentifier?,
        lifespan: Lifespan,
        handler: HandlerIdentity,
        messageType: ObjectIdentifier? = nil
    ) {
        self.name = name
        self.sender = sender
        self.lifespan = lifespan
        self.handler = handler
        self.messageType = messageType
        var hasher = Hasher()
        hasher.combine(name)
        hasher.combine(sender)
        hasher.combine(lifespan)
        hasher.combine(messageType)
        // Every part but a closure's file, which equality still compares: the file name is by far the longest
        // part, while the line and column alone rarely match.
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
        partsHash = hasher.finalize()
    }

    package static func == (lhs: RegistrationKey, rhs: RegistrationKey) -> Bool {
        lhs.partsHash == rhs.partsHash && lhs.name == rhs.name && lhs.sender == rhs.sender
            && lhs.lifespan == rhs.lifespan && lhs.messageType == rhs.messageType && lhs.handler == rhs.handler
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(partsHash)
    }
}
