public import Foundation

// The typed-message shorthands: the owner is the observer, held weakly, and is passed to the closure typed as its
// own class. They mirror the `add…NotificationInfo(forName:…)` shorthands; the infos they add are `NotificationInfo`s
// of kind `.mainActorMessage` or `.asyncMessage`, started and stopped with their lifespan like every other info.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension NotificationEngineOwner {
    // MARK: - Main-actor messages

    /// Adds a lifetime info for a main-actor message.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted, and is not called once the owner is gone nor after the info stops.
    ///
    /// ```swift
    /// addLifetimeMessageInfo(for: ThemeDidChange.self) { screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addLifetimeMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .mainActor(Message.self, needsObserver: true, handler: ownerTyped(handler)),
            subject: nil,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a lifetime info for a main-actor message posted with one subject.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted, and is not called once the owner is gone nor after the info stops.
    ///
    /// ```swift
    /// addLifetimeMessageInfo(for: ThemeDidChange.self, subject: themeStore) { screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addLifetimeMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .mainActorFromOneSubject(Message.self, needsObserver: true, handler: ownerTyped(handler)),
            subject: subject,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a visible info for a main-actor message.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted, and is not called once the owner is gone nor after the info stops.
    ///
    /// ```swift
    /// addVisibleMessageInfo(for: ThemeDidChange.self) { screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addVisibleMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .mainActor(Message.self, needsObserver: true, handler: ownerTyped(handler)),
            subject: nil,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a visible info for a main-actor message posted with one subject.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted, and is not called once the owner is gone nor after the info stops.
    ///
    /// ```swift
    /// addVisibleMessageInfo(for: ThemeDidChange.self, subject: themeStore) { screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addVisibleMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .mainActorFromOneSubject(Message.self, needsObserver: true, handler: ownerTyped(handler)),
            subject: subject,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds an info of any lifespan for a main-actor message.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted, and is not called once the owner is gone nor after the info stops.
    ///
    /// ```swift
    /// addMessageInfo(for: ThemeDidChange.self, lifespan: .editing) { screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - lifespan: When the info listens.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .mainActor(Message.self, needsObserver: true, handler: ownerTyped(handler)),
            subject: nil,
            lifespan: lifespan,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds an info of any lifespan for a main-actor message posted with one subject.
    ///
    /// The closure receives the owner and the message. It runs on the main actor, synchronously, while the message
    /// is posted, and is not called once the owner is gone nor after the info stops.
    ///
    /// ```swift
    /// addMessageInfo(for: ThemeDidChange.self, subject: themeStore, lifespan: .editing) { screen, message in
    ///     screen.apply(message.theme)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .mainActorFromOneSubject(Message.self, needsObserver: true, handler: ownerTyped(handler)),
            subject: subject,
            lifespan: lifespan,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    // MARK: - Asynchronous messages

    /// Adds a lifetime info for an asynchronous message.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own: calls run
    /// concurrently and in no particular order. A call that has not begun when the info stops is not made; the
    /// owner is held only while a call runs.
    ///
    /// ```swift
    /// addLifetimeMessageInfo(for: DownloadDidFinish.self) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addLifetimeMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .async(Message.self, needsObserver: true, handler: .anywhere(ownerTyped(handler))),
            subject: nil,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a lifetime info for an asynchronous message posted with one subject.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own: calls run
    /// concurrently and in no particular order. A call that has not begun when the info stops is not made; the
    /// owner is held only while a call runs.
    ///
    /// ```swift
    /// addLifetimeMessageInfo(for: DownloadDidFinish.self, subject: downloader) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addLifetimeMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .asyncFromOneSubject(
                Message.self,
                needsObserver: true,
                handler: .anywhere(ownerTyped(handler))
            ),
            subject: subject,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a visible info for an asynchronous message.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own: calls run
    /// concurrently and in no particular order. A call that has not begun when the info stops is not made; the
    /// owner is held only while a call runs.
    ///
    /// ```swift
    /// addVisibleMessageInfo(for: DownloadDidFinish.self) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addVisibleMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .async(Message.self, needsObserver: true, handler: .anywhere(ownerTyped(handler))),
            subject: nil,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a visible info for an asynchronous message posted with one subject.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own: calls run
    /// concurrently and in no particular order. A call that has not begun when the info stops is not made; the
    /// owner is held only while a call runs.
    ///
    /// ```swift
    /// addVisibleMessageInfo(for: DownloadDidFinish.self, subject: downloader) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addVisibleMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .asyncFromOneSubject(
                Message.self,
                needsObserver: true,
                handler: .anywhere(ownerTyped(handler))
            ),
            subject: subject,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds an info of any lifespan for an asynchronous message.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own: calls run
    /// concurrently and in no particular order. A call that has not begun when the info stops is not made; the
    /// owner is held only while a call runs.
    ///
    /// ```swift
    /// addMessageInfo(for: DownloadDidFinish.self, lifespan: .editing) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - lifespan: When the info listens.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .async(Message.self, needsObserver: true, handler: .anywhere(ownerTyped(handler))),
            subject: nil,
            lifespan: lifespan,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds an info of any lifespan for an asynchronous message posted with one subject.
    ///
    /// The closure receives the owner and the message. Foundation runs each call in a task of its own: calls run
    /// concurrently and in no particular order. A call that has not begun when the info stops is not made; the
    /// owner is held only while a call runs.
    ///
    /// ```swift
    /// addMessageInfo(for: DownloadDidFinish.self, subject: downloader, lifespan: .editing) { library, message in
    ///     await library.import(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .asyncFromOneSubject(
                Message.self,
                needsObserver: true,
                handler: .anywhere(ownerTyped(handler))
            ),
            subject: subject,
            lifespan: lifespan,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    // MARK: - Asynchronous messages handled on the main actor

    /// Adds a lifetime info for an asynchronous message, handled on the main actor.
    ///
    /// The closure receives the owner and the message on the main actor, in the task Foundation starts for the
    /// call: calls run one at a time on the main actor, in no particular order. Mark the closure `@MainActor` to
    /// choose this form; a main-actor owner needs it, since it cannot leave the main actor. A call that has not
    /// begun when the info stops is not made.
    ///
    /// ```swift
    /// addLifetimeMessageInfo(for: DownloadDidFinish.self) { @MainActor screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addLifetimeMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .async(
                Message.self,
                needsObserver: true,
                handler: .onMainActor(ownerTypedOnMainActor(handler))
            ),
            subject: nil,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a lifetime info for an asynchronous message posted with one subject, handled on the main actor.
    ///
    /// The closure receives the owner and the message on the main actor, in the task Foundation starts for the
    /// call: calls run one at a time on the main actor, in no particular order. Mark the closure `@MainActor` to
    /// choose this form; a main-actor owner needs it, since it cannot leave the main actor. A call that has not
    /// begun when the info stops is not made.
    ///
    /// ```swift
    /// addLifetimeMessageInfo(for: DownloadDidFinish.self, subject: downloader) { @MainActor screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addLifetimeMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .asyncFromOneSubject(
                Message.self,
                needsObserver: true,
                handler: .onMainActor(ownerTypedOnMainActor(handler))
            ),
            subject: subject,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a visible info for an asynchronous message, handled on the main actor.
    ///
    /// The closure receives the owner and the message on the main actor, in the task Foundation starts for the
    /// call: calls run one at a time on the main actor, in no particular order. Mark the closure `@MainActor` to
    /// choose this form; a main-actor owner needs it, since it cannot leave the main actor. A call that has not
    /// begun when the info stops is not made.
    ///
    /// ```swift
    /// addVisibleMessageInfo(for: DownloadDidFinish.self) { @MainActor screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addVisibleMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .async(
                Message.self,
                needsObserver: true,
                handler: .onMainActor(ownerTypedOnMainActor(handler))
            ),
            subject: nil,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds a visible info for an asynchronous message posted with one subject, handled on the main actor.
    ///
    /// The closure receives the owner and the message on the main actor, in the task Foundation starts for the
    /// call: calls run one at a time on the main actor, in no particular order. Mark the closure `@MainActor` to
    /// choose this form; a main-actor owner needs it, since it cannot leave the main actor. A call that has not
    /// begun when the info stops is not made.
    ///
    /// ```swift
    /// addVisibleMessageInfo(for: DownloadDidFinish.self, subject: downloader) { @MainActor screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addVisibleMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .asyncFromOneSubject(
                Message.self,
                needsObserver: true,
                handler: .onMainActor(ownerTypedOnMainActor(handler))
            ),
            subject: subject,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds an info of any lifespan for an asynchronous message, handled on the main actor.
    ///
    /// The closure receives the owner and the message on the main actor, in the task Foundation starts for the
    /// call: calls run one at a time on the main actor, in no particular order. Mark the closure `@MainActor` to
    /// choose this form; a main-actor owner needs it, since it cannot leave the main actor. A call that has not
    /// begun when the info stops is not made.
    ///
    /// ```swift
    /// addMessageInfo(for: DownloadDidFinish.self, lifespan: .editing) { @MainActor screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - lifespan: When the info listens.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .async(
                Message.self,
                needsObserver: true,
                handler: .onMainActor(ownerTypedOnMainActor(handler))
            ),
            subject: nil,
            lifespan: lifespan,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    /// Adds an info of any lifespan for an asynchronous message posted with one subject, handled on the main actor.
    ///
    /// The closure receives the owner and the message on the main actor, in the task Foundation starts for the
    /// call: calls run one at a time on the main actor, in no particular order. Mark the closure `@MainActor` to
    /// choose this form; a main-actor owner needs it, since it cannot leave the main actor. A call that has not
    /// begun when the info stops is not made.
    ///
    /// ```swift
    /// addMessageInfo(for: DownloadDidFinish.self, subject: downloader, lifespan: .editing) { @MainActor screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: Only messages posted with this subject are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - handler: Receives the owner, typed as its own class, and the message.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure for duplicate
    ///     detection. Leave the default.
    /// - Returns: The info, or the one already added for the same closure, message type, subject and lifespan.
    @discardableResult
    public func addMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: Message.Subject,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo where Message.Subject: AnyObject {
        addOwnedMessageInfo(
            messageTypeName: String(reflecting: Message.self),
            subscription: .asyncFromOneSubject(
                Message.self,
                needsObserver: true,
                handler: .onMainActor(ownerTypedOnMainActor(handler))
            ),
            subject: subject,
            lifespan: lifespan,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    private func addOwnedMessageInfo(
        messageTypeName: String,
        subscription: MessageSubscription,
        subject: AnyObject?,
        lifespan: Lifespan,
        fileID: String,
        line: Int,
        column: Int
    ) -> NotificationInfo {
        let engine = notificationEngine
        let info = NotificationInfo(
            messageTypeName: messageTypeName,
            subscription: subscription,
            observer: self,
            subject: subject,
            lifespan: lifespan,
            center: engine.center,
            fileID: fileID,
            line: line,
            column: column,
            madeBy: engine.identity
        )
        // Refused as the duplicate of a live info, it is that one that comes back (never an earlier info whose
        // subject is gone and whose key a new subject at the released one's address matches).
        return engine.addMade(info, fileID: fileID, line: line)
    }
}

/// A main-actor handler typed with the owner's class.
private func ownerTyped<Owner: AnyObject, Message>(
    _ handler: @escaping @MainActor @Sendable (Owner, Message) -> Void
) -> @MainActor @Sendable (AnyObject?, Message) -> Void {
    { observer, message in
        guard let observer else { return }
        handler(unsafeDowncast(observer, to: Owner.self), message)
    }
}

/// An asynchronous handler typed with the owner's class.
private func ownerTyped<Owner: AnyObject, Message>(
    _ handler: @escaping @Sendable (Owner, Message) async -> Void
) -> @Sendable (AnyObject?, Message) async -> Void {
    { observer, message in
        guard let observer else { return }
        await handler(unsafeDowncast(observer, to: Owner.self), message)
    }
}

/// An asynchronous main-actor handler typed with the owner's class.
private func ownerTypedOnMainActor<Owner: AnyObject, Message>(
    _ handler: @escaping @MainActor @Sendable (Owner, Message) async -> Void
) -> @MainActor @Sendable (AnyObject?, Message) async -> Void {
    { observer, message in
        guard let observer else { return }
        await handler(unsafeDowncast(observer, to: Owner.self), message)
    }
}
