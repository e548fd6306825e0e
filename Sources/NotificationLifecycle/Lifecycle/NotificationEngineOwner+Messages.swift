public import Foundation

// The typed-message shorthands: the owner is the observer, held weakly, and is passed to the closure typed as its
// own class. The infos they add are `NotificationInfo`s for a message type, started and stopped with their lifespan
// like every other info.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension NotificationEngineOwner {
    /// Adds an info for a main-actor message.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted. It is not called once the owner is gone, and no later post reaches it once the info has stopped.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addMessageInfo(for: ThemeDidChange.self, lifespan: .visible) {
    ///     screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: ``MessageSubject/any`` (the default), or ``MessageSubject/only(_:)`` one object, held weakly.
    ///   - lifespan: When the info listens.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure. Leave the default.
    ///   - handler: Receives the owner, typed as its own class, and the message, on the main actor.
    /// - Returns: The info, or the one already added from the same place for the same message, subject and
    ///   lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        subject: MessageSubject<Message.Subject> = .any,
        lifespan: Lifespan = .lifetime,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(subject.mainActor(ownerTyped(handler)), lifespan, (fileID, line, column))
    }

    /// Adds an info for an asynchronous message.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own, after the
    /// post returns: calls run concurrently and in no particular order. A call is not made once the owner is gone,
    /// nor for a post made after the info stopped. A `@MainActor` owner awaits its own methods from the closure.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addMessageInfo(for: DownloadDidFinish.self) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: ``MessageSubject/any`` (the default), or ``MessageSubject/only(_:)`` one object, held weakly.
    ///   - lifespan: When the info listens.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure. Leave the default.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    /// - Returns: The info, or the one already added from the same place for the same message, subject and
    ///   lifespan.
    @_disfavoredOverload  // A `MainActorNotificationEngineOwner` gets the main-actor form instead.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: MessageSubject<Message.Subject> = .any,
        lifespan: Lifespan = .lifetime,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(subject.async(calling: ownerTyped(handler)), lifespan, (fileID, line, column))
    }

    func addOwnedMessageInfo(
        _ source: MessageSource,
        _ lifespan: Lifespan,
        _ site: (fileID: String, line: Int, column: Int)
    ) -> NotificationInfo {
        let engine = notificationEngine
        let info = NotificationInfo(source, lifespan, engine.center, site, observer: self, owner: engine)
        // Refused as the duplicate of a live info, it is that one that comes back (never an earlier info whose
        // subject is gone and whose key a new subject at the released one's address matches).
        return engine.addMade(info, fileID: site.fileID, line: site.line)
    }
}

/// A main-actor handler typed with the owner's class.
private func ownerTyped<Owner: AnyObject, Message>(
    _ handler: @escaping @MainActor @Sendable (Owner, Message) -> Void
) -> @MainActor @Sendable (AnyObject?, Message) -> Void {
    { observer, message in
        guard let owner: Owner = asOwner(observer) else { return }
        handler(owner, message)
    }
}

/// An asynchronous handler typed with the owner's class.
private func ownerTyped<Owner: AnyObject, Message>(
    _ handler: @escaping @Sendable (Owner, Message) async -> Void
) -> @Sendable (AnyObject?, Message) async -> Void {
    { observer, message in
        guard let owner: Owner = asOwner(observer) else { return }
        await handler(owner, message)
    }
}
