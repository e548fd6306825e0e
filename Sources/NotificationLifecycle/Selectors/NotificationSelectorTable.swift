public import Foundation

/// The selector names a type answers and the method each one calls.
///
/// Build it by chaining `adding(_:_:)` calls on an empty table, or on
/// `super.notificationSelectors` in a subclass (here a member of a class `Screen`, shown outside it):
///
/// ```swift
/// // Excerpt: a member of Screen
/// override class var notificationSelectors: NotificationSelectorTable {
///     super.notificationSelectors
///         .adding("keyboardWillShow:", Screen.keyboardWillShow)
///         .adding("reload", Screen.reload)
///         .adding("themeDidChange:", onMainActor: { (screen: Screen, _) in
///             screen.applyTheme()
///         })
/// }
/// ```
///
/// A name that ends in a colon is bound to a method that takes the notification; a name without one to a method
/// that takes nothing. A later entry for a name replaces an earlier one, which is how a subclass re-binds a name.
/// A malformed entry is reported (``NotificationDiagnostic/Rule/unknownSelector``) and left out.
public struct NotificationSelectorTable: Sendable {
    /// One bound selector: how to call it, and for which observer types it is valid.
    struct Entry: Sendable {
        let handler: Handler<AnyObject>
        let observerType: String
        let accepts: @Sendable (AnyObject) -> Bool
    }

    private(set) var entries: [NotificationSelector: Entry] = [:]
    /// Names whose entry was malformed and reported when declared; an info naming one is not reported again.
    private(set) var rejected: Set<NotificationSelector> = []

    /// Makes an empty table.
    public init() {}

    /// The selector names in the table, sorted.
    var selectors: [NotificationSelector] {
        entries.keys.sorted { $0.name < $1.name }
    }

    /// Binds a selector name ending in a colon to a method that receives the notification.
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"keyboardWillShow:"`.
    ///   - method: An unapplied method reference, such as `Screen.keyboardWillShow`. It does not capture any
    ///     observer; the observer is passed at delivery, so an override in a subclass is the one called.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: AnyObject>(
        _ selector: String,
        _ method: @escaping @Sendable (Observer) -> (Notification) -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, true, .owned { method($0)($1) }, Observer.self, fileID, line)
    }

    /// Binds a selector name without a colon to a method that takes no argument.
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"reload"`.
    ///   - method: An unapplied method reference, such as `Screen.reload`.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: AnyObject>(
        _ selector: String,
        _ method: @escaping @Sendable (Observer) -> () -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, false, .owned { observer, _ in method(observer)() }, Observer.self, fileID, line)
    }

    /// Binds a selector name ending in a colon to a method of a main-actor owner (a ``ControllerBase`` subclass or a
    /// ``MainActorNotificationEngineOwner``) that receives the notification: the method runs on the main actor, at
    /// once when the notification is posted there and scheduled there otherwise.
    ///
    /// A controller's method reference, such as `Screen.tick`, picks this form in every module setting. Swift 5
    /// mode without the upcoming feature `InferSendableFromCaptures` gives an unapplied method reference no isolation
    /// in its type, so without this form the reference would bind to the posting thread's.
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"tick:"`.
    ///   - method: An unapplied method reference, such as `Screen.tick`. It is only ever called on the main actor.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: MainActorNotificationEngineOwner>(
        _ selector: String,
        _ method: sending @escaping (Observer) -> (Notification) -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, true, .ownedOnMainActor { method($0)($1) }, Observer.self, fileID, line)
    }

    /// Binds a selector name without a colon to a method of a main-actor owner (a ``ControllerBase`` subclass or a
    /// ``MainActorNotificationEngineOwner``) that takes no argument; it runs on the main actor.
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"reload"`.
    ///   - method: An unapplied method reference, such as `Screen.reload`. It is only ever called on the main actor.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: MainActorNotificationEngineOwner>(
        _ selector: String,
        _ method: sending @escaping (Observer) -> () -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, false, .ownedOnMainActor { observer, _ in method(observer)() }, Observer.self, fileID, line)
    }

    /// Binds a selector name ending in a colon to a main-actor method that receives the notification: the method runs
    /// on the main actor, at once when the notification is posted there and scheduled there otherwise.
    ///
    /// A main-actor class's method reference, such as `Screen.keyboardWillShow` in a `@MainActor` class, picks this
    /// form by its type in Swift 6 mode, and in Swift 5 mode with the upcoming feature `InferSendableFromCaptures`
    /// (which Xcode 26's Approachable Concurrency turns on). Without that feature Swift 5 mode gives the reference no
    /// isolation in its type: it binds to the posting thread's form, with a warning, so bind a closure there.
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"keyboardWillShow:"`.
    ///   - method: An unapplied reference to a main-actor method.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: AnyObject>(
        _ selector: String,
        _ method: @escaping @Sendable (Observer) -> @MainActor (Notification) -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, true, .ownedOnMainActor { method($0)($1) }, Observer.self, fileID, line)
    }

    /// Binds a selector name without a colon to a main-actor method that takes no argument; it runs on the main actor.
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"reload"`.
    ///   - method: An unapplied reference to a main-actor method, such as `Screen.reload`.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: AnyObject>(
        _ selector: String,
        _ method: @escaping @Sendable (Observer) -> @MainActor () -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, false, .ownedOnMainActor { observer, _ in method(observer)() }, Observer.self, fileID, line)
    }

    /// Binds a selector name to a handler that runs on the main actor, for main-actor observers.
    ///
    /// The handler runs synchronously when the notification is posted on the main actor (the main thread or queue), and
    /// is scheduled on the main actor otherwise (after checking again that the info is still listening).
    ///
    /// - Parameters:
    ///   - selector: The name, such as `"themeDidChange:"`. The colon rule does not apply: the handler always
    ///     receives the notification.
    ///   - handler: Receives the observer and the notification: `{ screen, note in screen.apply(note) }`.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func adding<Observer: AnyObject>(
        _ selector: String,
        onMainActor handler: @escaping @MainActor @Sendable (Observer, Notification) -> Void,
        fileID: String = #fileID,
        line: Int = #line
    ) -> NotificationSelectorTable {
        adding(selector, nil, .ownedOnMainActor(handler), Observer.self, fileID, line)
    }

    /// The table with `handler` bound to `selector` for observers of type `Observer`, which `accepts` checks before
    /// an info uses it; or without it, reported, when the entry is malformed.
    private func adding<Observer: AnyObject>(
        _ selector: String,
        _ wantsNotification: Bool?,
        _ handler: Handler<AnyObject>,
        _ observer: Observer.Type,
        _ fileID: String,
        _ line: Int
    ) -> NotificationSelectorTable {
        let selector = NotificationSelector(selector)
        var copy = self
        if let misuse = selector.misuse(binding: wantsNotification) {
            // Once: a subclass's table is built on its superclass's, which reports this again. The name is remembered
            // as reported (an earlier entry of it stays).
            misuse.report(fileID, line, about: nil, once: selector.name)
            copy.rejected.insert(selector)
        } else {
            copy.rejected.remove(selector)
            copy.entries[selector] = Entry(handler: handler, observerType: String(reflecting: Observer.self)) {
                $0 is Observer
            }
        }
        return copy
    }

    // MARK: - Binding an info

    private static let tables = LockedValueBox<[ObjectIdentifier: NotificationSelectorTable]>([:])

    /// The table of `type`, read once per type: a type's table never changes.
    private static func table(for type: any NotificationSelectorResponder.Type) -> NotificationSelectorTable {
        let key = ObjectIdentifier(type)
        if let table = tables.withLock({ $0[key] }) { return table }
        // Built outside the lock: building reports malformed entries, and a report may run user code. Two threads
        // that race here build equal tables: the first stored stays, and the other is released after the lock (its
        // closures may hold objects whose deinit is user code).
        let table = type.notificationSelectors
        tables.withLock { if $0[key] == nil { $0[key] = table } }
        return table
    }

    /// The handler that `selector` names on `observer`; `.unresolved` (reported here, at the info's line) when the
    /// observer's table does not bind it, and silently when its entry was malformed (reported where it was declared).
    static func handler<Observer: NotificationSelectorResponder>(
        for selector: NotificationSelector,
        of observer: Observer,
        _ site: (fileID: String, line: Int),
        _ center: NotificationCenter
    ) -> Handler<AnyObject> {
        let observerType = type(of: observer)
        let table = table(for: observerType)
        if let entry = table.entries[selector], entry.accepts(observer) { return entry.handler }
        if table.rejected.contains(selector) { return .unresolved }
        let known = table.selectors.map { "\"\($0.name)\"" }.joined(separator: ", ")
        let reason: String
        if let entry = table.entries[selector] {
            reason = "binds it to a method of \(entry.observerType), which \(observerType) is not"
        } else if let near = table.selectors.first(where: { $0.name.isNear(selector.name) }) {
            reason = "does not answer it. Did you mean \"\(near.name)\"? It answers \(known)"
        } else {
            reason = "does not answer it; it answers \(known.isEmpty ? "no selector names" : known)"
        }
        // Once per line and observer type: a line that makes an info for each instance reports the problem once.
        Misuse.unanswered(type: "\(observerType)", selector: selector.name, reason: reason)
            .report(site.fileID, site.line, about: center, once: "\(String(reflecting: observerType)) \(selector.name)")
        return .unresolved
    }
}

extension String {
    /// Whether this name is one typo away from `other`: one character left out, added, changed, or two neighbours
    /// swapped (the edits a "did you mean" can safely suggest).
    fileprivate func isNear(_ other: String) -> Bool {
        let a = Array(self)
        let b = Array(other)
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        let shorter = min(a.count, b.count)
        var prefix = 0
        while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let (restA, restB) = (a.count - prefix - suffix, b.count - prefix - suffix)
        if restA <= 1, restB <= 1 { return true }
        return restA == 2 && restB == 2 && a[prefix] == b[prefix + 1] && a[prefix + 1] == b[prefix]
    }
}
