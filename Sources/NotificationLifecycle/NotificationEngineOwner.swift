public import Foundation

/// An object that owns a ``NotificationEngine`` and declares its listeners with the shorthands.
///
/// ``ControllerBase`` conforms. Any other class can conform by exposing its engine, and gets the same API:
/// ``addNotificationInfo(_:fileID:line:)``, the `add…NotificationInfo(forName:…)` shorthands, and the lifespan
/// controls. The shorthands make the owner the observer, hold it weakly, and pass it to closures typed as the
/// owner's own class, so a closure never needs `[weak self]` and cannot form a retain cycle.
public protocol NotificationEngineOwner: AnyObject {
    /// The engine that holds this owner's infos.
    var notificationEngine: NotificationEngine { get }
}

extension NotificationEngineOwner {
    /// The owner's infos, in declaration order.
    public var notificationInfos: [NotificationInfo] {
        notificationEngine.infos
    }

    /// Adds an info; it starts at once when its lifespan is active. Duplicates are refused and reported.
    ///
    /// - Returns: Whether the info was added.
    @discardableResult
    public func addNotificationInfo(_ info: NotificationInfo, fileID: String = #fileID, line: Int = #line) -> Bool {
        notificationEngine.add(info, fileID: fileID, line: line)
    }

    /// Stops an info and removes it.
    public func removeNotificationInfo(_ info: NotificationInfo, fileID: String = #fileID, line: Int = #line) {
        notificationEngine.remove(info, fileID: fileID, line: line)
    }

    /// Starts every info of `lifespan`; infos of that lifespan added later start at once.
    public func startListeningForNotifications(
        withLifespan lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        notificationEngine.start(lifespan, fileID: fileID, line: line)
    }

    /// Stops every info of `lifespan`. The lifetime lifespan cannot be stopped (reported).
    public func stopListeningForNotifications(
        withLifespan lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        notificationEngine.stop(lifespan, fileID: fileID, line: line)
    }

    // MARK: - Closure shorthands

    /// Adds a lifetime info whose closure receives the owner and the notification.
    ///
    /// ```swift
    /// addLifetimeNotificationInfo(forName: .memoryPressure) { cache, _ in cache.trim() }
    /// ```
    @discardableResult
    public func addLifetimeNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addNotificationInfo(
            forName: name,
            object: object,
            lifespan: .lifetime,
            queue: queue,
            fileID: fileID,
            line: line,
            column: column,
            using: handler
        )
    }

    /// Adds a visible info whose closure receives the owner and the notification.
    ///
    /// ```swift
    /// addVisibleNotificationInfo(forName: .contentDidChange) { screen, _ in screen.reload() }
    /// ```
    @discardableResult
    public func addVisibleNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addNotificationInfo(
            forName: name,
            object: object,
            lifespan: .visible,
            queue: queue,
            fileID: fileID,
            line: line,
            column: column,
            using: handler
        )
    }

    /// Adds an info of any lifespan whose closure receives the owner and the notification.
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: Only notifications from this sender are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - queue: The queue the closure runs on, or `nil` for the posting thread.
    ///   - handler: Receives the owner, typed as its own class, and the notification. It is not called once the
    ///     owner is gone.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call. Leave the default: with the file and line it tells closures apart, so
    ///     that the same closure added twice is found.
    /// - Returns: The info, or the one already added for the same closure, name, sender and lifespan.
    @discardableResult
    public func addNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        lifespan: Lifespan,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addOwnedInfo(
            invocation: .ownerTyped(handler),
            name: name,
            object: object,
            lifespan: lifespan,
            queue: queue,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    // MARK: - Main-actor closure shorthands

    /// Adds a lifetime info whose main-actor closure receives the owner and the notification.
    ///
    /// Mark the closure `@MainActor` to choose this form: `{ @MainActor screen, note in screen.title = "…" }`.
    /// It runs at once for posts made on the main thread, and is scheduled on the main actor for others.
    @discardableResult
    public func addLifetimeNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addNotificationInfo(
            forName: name,
            object: object,
            lifespan: .lifetime,
            fileID: fileID,
            line: line,
            column: column,
            onMainActor: handler
        )
    }

    /// Adds a visible info whose main-actor closure receives the owner and the notification.
    ///
    /// ```swift
    /// addVisibleNotificationInfo(forName: .themeDidChange) { @MainActor screen, _ in screen.applyTheme() }
    /// ```
    @discardableResult
    public func addVisibleNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addNotificationInfo(
            forName: name,
            object: object,
            lifespan: .visible,
            fileID: fileID,
            line: line,
            column: column,
            onMainActor: handler
        )
    }

    /// Adds an info of any lifespan whose main-actor closure receives the owner and the notification.
    @discardableResult
    public func addNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        onMainActor handler: @escaping @MainActor @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addOwnedInfo(
            invocation: .ownerTypedOnMainActor(handler),
            name: name,
            object: object,
            lifespan: lifespan,
            queue: nil,
            fileID: fileID,
            line: line,
            column: column
        )
    }

    private func addOwnedInfo(
        invocation: Invocation,
        name: Notification.Name,
        object: AnyObject?,
        lifespan: Lifespan,
        queue: OperationQueue?,
        fileID: String,
        line: Int,
        column: Int
    ) -> NotificationInfo {
        let engine = notificationEngine
        let info = NotificationInfo(
            observer: self,
            invocation: invocation,
            handler: .closure,
            column: column,
            keyObserver: ObjectIdentifier(self),
            name: name,
            object: object,
            lifespan: lifespan,
            center: engine.center,
            queue: queue,
            fileID: fileID,
            line: line,
            madeBy: engine.identity
        )
        return engine.addMade(info, fileID: fileID, line: line)
    }
}

extension NotificationEngineOwner where Self: NotificationSelectorResponder {
    /// Adds a lifetime info whose handler is the owner's method named by `selector`.
    ///
    /// ```swift
    /// addLifetimeNotificationInfo(forName: .memoryPressure, selector: "trim")
    /// ```
    @discardableResult
    public func addLifetimeNotificationInfo(
        forName name: Notification.Name,
        selector: NotificationSelector,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationInfo {
        addNotificationInfo(
            forName: name,
            selector: selector,
            object: object,
            lifespan: .lifetime,
            fileID: fileID,
            line: line
        )
    }

    /// Adds a visible info whose handler is the owner's method named by `selector`.
    ///
    /// ```swift
    /// addVisibleNotificationInfo(forName: .keyboardWillShow, selector: "keyboardWillShow:")
    /// ```
    @discardableResult
    public func addVisibleNotificationInfo(
        forName name: Notification.Name,
        selector: NotificationSelector,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationInfo {
        addNotificationInfo(
            forName: name,
            selector: selector,
            object: object,
            lifespan: .visible,
            fileID: fileID,
            line: line
        )
    }

    /// Adds an info of any lifespan whose handler is the owner's method named by `selector`.
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - selector: A name in the owner's ``NotificationSelectorResponder/notificationSelectors``; an unknown one
    ///     is reported now and the info never listens.
    ///   - object: Only notifications from this sender are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    /// - Returns: The info, or the one already added for the same selector, name, sender and lifespan.
    @discardableResult
    public func addNotificationInfo(
        forName name: Notification.Name,
        selector: NotificationSelector,
        object: AnyObject? = nil,
        lifespan: Lifespan,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationInfo {
        let engine = notificationEngine
        let info = NotificationInfo(
            observer: self,
            selector: selector,
            name: name,
            object: object,
            lifespan: lifespan,
            center: engine.center,
            queue: nil,
            fileID: fileID,
            line: line,
            madeBy: engine.identity
        )
        return engine.addMade(info, fileID: fileID, line: line)
    }
}
