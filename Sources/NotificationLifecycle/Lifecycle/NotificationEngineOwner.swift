public import Foundation

/// An object that owns a ``NotificationEngine`` and declares its listeners with the shorthands.
///
/// ``ControllerBase`` conforms. Any other class conforms by exposing its engine, and gets the same shorthands. They
/// make the owner the observer, hold it weakly, and pass it to the closure typed as the owner's own class, so a
/// closure never needs `[weak self]` and cannot form a retain cycle. Everything else (adding a prebuilt info,
/// starting a custom lifespan, appearing) is a call on ``notificationEngine``.
///
/// An owner is `Sendable`: a handler that runs on the posting thread receives it there. A service guards its state
/// (a `Mutex`, or an actor that reads ``NotificationEngine/notifications(named:object:during:buffering:fileID:line:)``);
/// an owner that is neither `Sendable` nor main-actor does not compile ("stored property … of 'Sendable'-conforming
/// class … is mutable"). A `@MainActor` class adopts ``MainActorNotificationEngineOwner`` instead, and its closures
/// run on the main actor.
///
/// ## Topics
///
/// ### The engine
/// - ``notificationEngine``
///
/// ### Declaring listeners
/// - ``addNotificationInfo(forName:object:lifespan:queue:fileID:line:column:using:)``
/// - ``addNotificationInfo(forName:selector:object:lifespan:fileID:line:)``
/// - ``addMessageInfo(for:subject:lifespan:fileID:line:column:using:)-1f7nr``
/// - ``addMessageInfo(for:subject:lifespan:fileID:line:column:using:)-5gtdd``
///
/// ### BTIKit's names
///
/// The names of BTIKit's `BTIViewController`, the Objective-C class this package's design comes from, kept for code
/// ported from it: each names its lifespan and forwards to ``addNotificationInfo(forName:object:lifespan:queue:fileID:line:column:using:)`` or ``addNotificationInfo(forName:selector:object:lifespan:fileID:line:)`` with `lifespan: .lifetime` or
/// `.visible`.
///
/// - ``addLifetimeNotificationInfo(forName:object:queue:fileID:line:column:using:)``
/// - ``addVisibleNotificationInfo(forName:object:queue:fileID:line:column:using:)``
/// - ``addLifetimeNotificationInfo(forName:selector:object:fileID:line:)``
/// - ``addVisibleNotificationInfo(forName:selector:object:fileID:line:)``
public protocol NotificationEngineOwner: AnyObject, Sendable {
    /// The engine that holds this owner's infos.
    var notificationEngine: NotificationEngine { get }
}

extension NotificationEngineOwner {
    /// Adds an info whose closure receives the owner and the notification.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addNotificationInfo(forName: .memoryPressure) { cache, _ in cache.trim() }
    /// addNotificationInfo(
    ///     forName: .draftDidAutosave, lifespan: .custom("composing")
    /// ) { editor, _ in
    ///     editor.showSaved()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: Only notifications from this sender are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - queue: The queue the closure runs on, or `nil` for the posting thread.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call. Leave the default: with the file and line it identifies the closure, so
    ///     that the same line run twice is found (see <doc:Duplicates>).
    ///   - handler: Receives the owner, typed as its own class, and the notification. It is not called once the
    ///     owner is gone.
    /// - Returns: The info, or the one already added from the same place for the same name, sender and lifespan.
    @_disfavoredOverload  // A `MainActorNotificationEngineOwner` gets the main-actor form instead.
    @discardableResult
    public func addNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addOwnedInfo(.observer(handler), name, object, lifespan, queue, (fileID, line, column))
    }

    /// Adds a lifetime info whose closure receives the owner and the notification: the seed's name for
    /// ``addNotificationInfo(forName:object:lifespan:queue:fileID:line:column:using:)`` with `lifespan: .lifetime`.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addLifetimeNotificationInfo(forName: .memoryPressure) { cache, _ in
    ///     cache.trim()
    /// }
    /// ```
    @_disfavoredOverload
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
        addOwnedInfo(.observer(handler), name, object, .lifetime, queue, (fileID, line, column))
    }

    /// Adds a visible info whose closure receives the owner and the notification: the seed's name for
    /// ``addNotificationInfo(forName:object:lifespan:queue:fileID:line:column:using:)`` with `lifespan: .visible`.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addVisibleNotificationInfo(forName: .contentDidChange) { screen, _ in
    ///     screen.reload()
    /// }
    /// ```
    @_disfavoredOverload
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
        addOwnedInfo(.observer(handler), name, object, .visible, queue, (fileID, line, column))
    }

    /// Makes an info whose observer is this owner, owned by its engine from the start, and adds it: the one builder
    /// of the closure and selector shorthands (`selector` names the method `handler` was looked up for). Inlined, so
    /// that a closure shorthand passes no selector to copy: a retain and a release less for each info.
    @inline(__always)
    func addOwnedInfo<Owner>(
        _ handler: consuming Handler<Owner>,
        _ name: Notification.Name,
        _ object: AnyObject?,
        _ lifespan: Lifespan,
        _ queue: OperationQueue?,
        _ site: (fileID: String, line: Int, column: Int),
        selector: NotificationSelector? = nil
    ) -> NotificationInfo {
        let engine = notificationEngine
        let info = NotificationInfo(
            handler: handler,
            observer: self,
            selector: selector,
            column: site.column,
            name: name,
            object: object,
            lifespan: lifespan,
            center: engine.center,
            queue: queue,
            fileID: site.fileID,
            line: site.line,
            owned: true,
            registry: engine.registry
        )
        return engine.addMade(info, fileID: site.fileID, line: site.line)
    }
}

extension NotificationEngineOwner where Self: NotificationSelectorResponder {
    /// Adds an info whose handler is the owner's method named by `selector`.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addNotificationInfo(
    ///     forName: .keyboardWillShow, selector: "keyboardWillShow:",
    ///     lifespan: .visible)
    /// ```
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
        selector: String,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationInfo {
        addSelectorInfo(selector, name, object, lifespan, (fileID, line))
    }

    /// Adds an info whose handler is this owner's method named by `selector`, looked up (and reported) now.
    func addSelectorInfo(
        _ selector: String,
        _ name: Notification.Name,
        _ object: AnyObject?,
        _ lifespan: Lifespan,
        _ site: (fileID: String, line: Int)
    ) -> NotificationInfo {
        let selector = NotificationSelector(selector)
        let handler = NotificationSelectorTable.handler(for: selector, of: self, site, notificationEngine.center)
        return addOwnedInfo(handler, name, object, lifespan, nil, (site.fileID, site.line, 0), selector: selector)
    }

    /// Adds a lifetime info whose handler is the owner's method named by `selector`: the seed's name for
    /// ``addNotificationInfo(forName:selector:object:lifespan:fileID:line:)`` with `lifespan: .lifetime`.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addLifetimeNotificationInfo(forName: .memoryPressure, selector: "trim")
    /// ```
    @discardableResult
    public func addLifetimeNotificationInfo(
        forName name: Notification.Name,
        selector: String,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationInfo {
        addSelectorInfo(selector, name, object, .lifetime, (fileID, line))
    }

    /// Adds a visible info whose handler is the owner's method named by `selector`: the seed's name for
    /// ``addNotificationInfo(forName:selector:object:lifespan:fileID:line:)`` with `lifespan: .visible`.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addVisibleNotificationInfo(
    ///     forName: .keyboardWillShow, selector: "keyboardWillShow:")
    /// ```
    @discardableResult
    public func addVisibleNotificationInfo(
        forName name: Notification.Name,
        selector: String,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationInfo {
        addSelectorInfo(selector, name, object, .visible, (fileID, line))
    }
}
