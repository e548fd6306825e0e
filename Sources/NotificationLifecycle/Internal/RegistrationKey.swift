import Foundation

/// What makes two registrations the same: name, sender, lifespan, handler and, for a typed message, its type.
///
/// Two infos with equal keys would deliver the same notification to the same handler twice; an owner refuses the
/// second one and reports it (``NotificationDiagnostic/Rule/duplicateRegistration``).
///
/// An info keeps only the key's ``hash(name:sender:lifespan:handler:line:column:observer:messageType:)`` and the
/// parts that are not its own properties, and builds the key when two hashes meet: an engine compares keys only
/// then, so making an info copies none of the key's strings.
struct RegistrationKey: Hashable, Sendable {
    /// A handler's identity: the same selector on the same observer, or a closure written at the same place.
    enum HandlerIdentity: Hashable, Sendable {
        case selector(NotificationSelector, observer: ObjectIdentifier)
        case closure(fileID: String, line: Int, column: Int, observer: ObjectIdentifier?)
    }

    package let name: Notification.Name?
    package let sender: ObjectIdentifier?
    package let lifespan: Lifespan
    package let handler: HandlerIdentity
    /// The typed message's type, or `nil` for a notification.
    package let messageType: ObjectIdentifier?

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
    }

    /// The hash of a notification name alone, which the key's hash combines and a center's ``NotificationHub``
    /// looks its registrations up by: made once per info.
    static func nameHash(_ name: Notification.Name?) -> Int {
        var hasher = KeyHasher()
        if let name {
            hasher.combine(name.rawValue)
        } else {
            hasher.combine(0 as UInt64)
        }
        return hasher.finalize()
    }

    /// The hash an engine counts a key by: equal keys have equal hashes.
    ///
    /// It leaves out a closure's file, which equality still compares: the file name is by far the longest part,
    /// while the line and column alone rarely match. See ``KeyHasher`` for why it is not `Hasher`.
    ///
    /// - Parameters:
    ///   - nameHash: The name's ``nameHash(_:)``.
    ///   - selector: The selector of a selector handler, `nil` for a closure.
    ///   - line: A closure's line (ignored for a selector).
    ///   - column: A closure's column (ignored for a selector).
    ///   - observer: The observer the handler names, if any.
    static func hash(
        nameHash: Int,
        sender: ObjectIdentifier?,
        lifespan: Lifespan,
        selector: NotificationSelector?,
        line: Int,
        column: Int,
        observer: ObjectIdentifier?,
        messageType: ObjectIdentifier?
    ) -> Int {
        var hasher = KeyHasher()
        hasher.combine(nameHash)
        hasher.combine(sender)
        if let custom = lifespan.customName {
            hasher.combine(custom)
        } else {
            let builtIn: UInt64 = lifespan == .lifetime ? 1 : 2
            hasher.combine(builtIn)
        }
        hasher.combine(messageType)
        if let selector {
            hasher.combine(selector.name)
        } else {
            hasher.combine(line)
            hasher.combine(column)
        }
        hasher.combine(observer)
        return hasher.finalize()
    }
}
