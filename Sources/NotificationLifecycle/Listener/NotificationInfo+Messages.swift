public import Foundation

extension NotificationInfo {
    /// Makes an info for a typed message from its source; behind every message initialiser, shorthand and sequence.
    convenience init(
        _ source: MessageSource,
        _ lifespan: Lifespan,
        _ center: NotificationCenter?,
        _ site: (fileID: String, line: Int, column: Int),
        observer: AnyObject? = nil,
        owner engine: NotificationEngine? = nil
    ) {
        self.init(
            handler: Handler<AnyObject>.message(source.handler),
            observer: observer,
            selector: nil,
            column: site.column,
            name: Notification.Name(String(reflecting: source.handler.type)),
            object: source.subject,
            lifespan: lifespan,
            center: NotificationEngine.defaultCenter(center),
            queue: nil,
            fileID: site.fileID,
            line: site.line,
            owned: engine != nil,
            registry: engine?.registry
        )
    }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension NotificationInfo {
    /// Makes an info for a main-actor message.
    ///
    /// The main-actor message infos of one center that listen to one message type and subject (or any subject)
    /// share one `addObserver(of:for:using:)` registration, and hear a post in the order in which they started
    /// listening. The handler runs on the main actor, synchronously, while the message is posted (it must be posted
    /// on the main actor). Once ``stopListening()`` returns, no later post reaches the
    /// handler, nor does the rest of a post under way on the thread that stopped it. A call that another thread had
    /// already let through may still run, even begin, after it returns.
    ///
    /// ```swift
    /// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    /// struct ThemeDidChange: NotificationCenter.MainActorMessage {
    ///     typealias Subject = ThemeStore
    ///     let theme: Theme
    /// }
    ///
    /// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    /// func listenToThemes(in window: Window) -> NotificationInfo {
    ///     let info = NotificationInfo(
    ///         for: ThemeDidChange.self, subject: .only(store), center: center
    ///     ) { [weak window] message in
    ///         window?.apply(message.theme)
    ///     }
    ///     info.startListening()
    ///     return info
    /// }
    /// ```
    ///
    /// > Important: The closure is kept as long as the info. Capture objects weakly, or use the shorthands of
    /// > ``NotificationEngineOwner``, which pass the owner to the closure.
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: ``MessageSubject/any`` (the default), or ``MessageSubject/only(_:)`` one object, held weakly.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with. `nil` (the default) means the center of the controller whose
    ///     `populateNotificationInfos()` is running, and `.default` anywhere else. An engine adds only infos of its
    ///     own center (``NotificationEngine/center``); another is refused
    ///     (``NotificationDiagnostic/Rule/centerMismatch``).
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure. Leave the default.
    ///   - handler: Called on the main actor with each delivered message.
    public convenience init<Message: NotificationCenter.MainActorMessage>(
        for messageType: Message.Type,
        subject: MessageSubject<Message.Subject> = .any,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Message) -> Void
    ) {
        self.init(subject.mainActor { _, message in handler(message) }, lifespan, center, (fileID, line, column))
    }

    /// Makes an info for an asynchronous message.
    ///
    /// Foundation runs each call of the handler in a task of its own, after the post returns: calls run
    /// concurrently and in no particular order, even for messages posted one after the other from one thread. The
    /// info checks when the task runs that it still listens: once ``stopListening()`` returns, no task that has not
    /// yet passed that check calls the handler. A call that another thread had already let through may still run,
    /// even begin, after it returns.
    ///
    /// ```swift
    /// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    /// struct DownloadDidFinish: NotificationCenter.AsyncMessage {
    ///     typealias Subject = Downloader
    ///     let url: URL
    /// }
    ///
    /// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    /// func listenToDownloads(into library: Library) -> NotificationInfo {
    ///     let info = NotificationInfo(for: DownloadDidFinish.self, center: center) {
    ///         message in
    ///         await library.import(message.url)
    ///     }
    ///     info.startListening()
    ///     return info
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: ``MessageSubject/any`` (the default), or ``MessageSubject/only(_:)`` one object, held weakly.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with. `nil` (the default) means the center of the controller whose
    ///     `populateNotificationInfos()` is running, and `.default` anywhere else. An engine adds only infos of its
    ///     own center (``NotificationEngine/center``); another is refused
    ///     (``NotificationDiagnostic/Rule/centerMismatch``).
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure. Leave the default.
    ///   - handler: Called with each delivered message, in a task that Foundation starts.
    public convenience init<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: MessageSubject<Message.Subject> = .any,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Message) async -> Void
    ) {
        self.init(subject.async { _, message in await handler(message) }, lifespan, center, (fileID, line, column))
    }
}
