public import Foundation

/// Everything one notification registration needs, in one value that starts and stops listening on its own.
///
/// An info holds the observer (weakly), the handler (a selector name or a closure), the notification name, the
/// optional sender (weakly) and a ``Lifespan``. Start and stop it as often as you like; it listens at most once at a
/// time, and stopping it touches no other registration (never `removeObserver(self)`).
///
/// It works on its own, for example around a save:
///
/// ```swift
/// let didSave = NotificationInfo(name: .storeDidSave, object: store) { note in
///     print("saved", note.userInfo ?? [:])
/// }
/// try didSave.listen(during: { try store.save() })
/// ```
///
/// or inside a ``ControllerBase``, which starts and stops it with its lifespan.
///
/// ## Where handlers run
/// With `queue: nil` (the default) a handler runs synchronously on the thread that posts, as Foundation does. With a
/// queue, Foundation runs it on that queue and the poster waits until it has run. Main-actor handlers (the
/// closures of a ``MainActorNotificationEngineOwner``) run at once when the post is made on the main thread, and are
/// scheduled on the main actor otherwise.
///
/// ## Guarantees
/// - One registration per listening info, whatever threads call ``startListening(fileID:line:)`` at once.
/// - Once ``stopListening()`` returns, no later post reaches the handler, nor does the rest of a post under way on
///   the thread that stopped it (a handler that stops another info; Foundation calls observers removed mid-post,
///   the info does not pass such a call on). A call that another thread had already let through may still run,
///   even begin, after it returns.
/// - The observer and the sender are held weakly. A gone observer is never called and its registration is dropped;
///   a gone sender never widens the filter to "any sender" nor matches a new object at the same address.
/// - Releasing the last reference to a listening info removes its registration.
/// - Infos that listen to one name on one center (with a queue: on one queue and with the same sender filter) hear a
///   post in the order in which they started listening, on every platform: they share one Foundation registration.
///   So do main-actor message infos of one message type and subject (or any subject) on one center. Observers added
///   to the center directly run in Foundation's order (hash order on Linux), and the package's listeners of a name
///   run together at that registration's place among them.
///
/// ## Typed messages
/// An info can register for one of Foundation's typed messages instead of a notification name: a
/// `NotificationCenter.MainActorMessage`, whose handler runs on the main actor while the message is posted, or a
/// `NotificationCenter.AsyncMessage`, whose handler Foundation runs in a task of its own (concurrently, in no
/// particular order; each asynchronous message info has a registration of its own, so that its handler never waits
/// for another's). Make one with the `init(for:…)` initialisers or the `addMessageInfo(for:…)` shorthands of
/// ``NotificationEngineOwner``; its ``messageType`` tells which message. The guarantees above hold for it too, with
/// the message's subject in the place of the sender; an asynchronous call that has not begun when the info stops is
/// not made.
///
/// > Important: On Linux, Foundation crashes when a typed message is posted on a center that has a `name: nil`
/// > observer. The package never registers such an observer itself and never posts a message. An info made with
/// > `name: nil` is reported (``NotificationDiagnostic/Rule/everyNotification``), and an engine also reports one
/// > added next to typed-message listeners on the same center
/// > (``NotificationDiagnostic/Rule/everyNotification``).
///
/// > Important: Keep the info. Like Foundation's `ObservationToken`, an info that is released stops listening.
public final class NotificationInfo: Sendable, CustomStringConvertible {
    /// What handles the notification: a selector name, or a closure.
    struct Handler: Hashable, Sendable, CustomStringConvertible {
        /// The selector name, or `nil` for a closure.
        package let selector: NotificationSelector?

        /// A handler named by a selector.
        package static func selector(_ selector: NotificationSelector) -> Handler {
            Handler(selector: selector)
        }

        /// A closure handler.
        package static let closure = Handler(selector: nil)

        /// `"keyboardWillShow:"`, or `"closure"`.
        package var description: String {
            selector?.name ?? "closure"
        }
    }

    /// What an info registers for: a notification name, a main-actor message or an asynchronous message.
    ///
    /// New kinds may be added in later versions.
    package struct Kind: Hashable, Sendable, CustomStringConvertible {
        // A trivial value, not the name: every info stores its kind twice, and copying a string costs a retain.
        private enum Value: UInt8, Hashable, Sendable {
            case notification
            case mainActorMessage
            case asyncMessage
        }

        private let value: Value

        private init(_ value: Value) {
            self.value = value
        }

        /// A `Notification.Name` (or every notification), registered with `addObserver(forName:object:queue:using:)`.
        package static let notification = Kind(.notification)
        /// A `NotificationCenter.MainActorMessage` type, whose handler runs on the main actor during the post.
        static let mainActorMessage = Kind(.mainActorMessage)
        /// A `NotificationCenter.AsyncMessage` type, whose handler Foundation runs in a task of its own.
        static let asyncMessage = Kind(.asyncMessage)

        /// `notification`, `mainActorMessage` or `asyncMessage`.
        package var description: String {
            switch value {
            case .notification: return "notification"
            case .mainActorMessage: return "mainActorMessage"
            case .asyncMessage: return "asyncMessage"
            }
        }
    }

    /// The lock, the state and the facts, which the info's registrations reach without reaching the info.
    ///
    /// Held without a count: the core holds itself until this info's `deinit` (see ``InfoCore``), so it lives as
    /// long as the info, and its count tells whether a registration's block still holds it. Every use goes
    /// through ``withCore(_:)``, which adds no count either.
    private nonisolated(unsafe) let unmanagedCore: Unmanaged<InfoCore>  // See InfoCore's "Threads".

    /// Runs `body` with the core, without retaining it (the core's self reference keeps it alive).
    @inline(__always)
    func withCore<Result>(_ body: (InfoCore) throws -> Result) rethrows -> Result {
        try unmanagedCore._withUnsafeGuaranteedRef(body)
    }

    // The info keeps as constants only what an owner's loops read of every info; everything else is a fact of the
    // core, kept once (see NotificationInfo+State.swift).
    /// When an owner starts and stops this info.
    public let lifespan: Lifespan
    /// The center the info registers with.
    package let center: NotificationCenter
    /// The hash of ``registrationKey``, which an engine counts its infos by.
    let keyHash: Int

    /// Makes an info whose handler is the observer's method named by `selector`.
    ///
    /// The selector is looked up in the observer's ``NotificationSelectorResponder/notificationSelectors`` now. A
    /// name the observer does not answer is reported at once (``NotificationDiagnostic/Rule/unknownSelector``) and
    /// the info never listens.
    ///
    /// ```swift
    /// let info = NotificationInfo(observer: self, selector: "keyboardWillShow:", name: .keyboardWillShow,
    ///                             lifespan: .visible)
    /// ```
    ///
    /// - Parameters:
    ///   - observer: The object whose method handles the notification. Held weakly.
    ///   - selector: The selector name, such as `"keyboardWillShow:"`.
    ///   - name: The notification name, or `nil` for every notification (reported: see
    ///     ``NotificationDiagnostic/Rule/everyNotification``).
    ///   - object: Only notifications posted by this sender are delivered. Held weakly. `nil` means any sender.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with. An engine adds only infos of its own center
    ///     (``NotificationEngine/center``); another is refused (``NotificationDiagnostic/Rule/centerMismatch``).
    ///   - queue: The queue handlers run on, or `nil` for the posting thread.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public convenience init<Observer: NotificationSelectorResponder>(
        observer: Observer,
        selector: String,
        name: Notification.Name?,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter = .default,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        self.init(
            observer: observer,
            selector: NotificationSelector(selector),
            name: name,
            object: object,
            lifespan: lifespan,
            center: center,
            queue: queue,
            fileID: fileID,
            line: line,
            madeBy: nil
        )
    }

    /// The selector initialiser, for an engine's shorthand too (see the designated initialiser's `madeBy`).
    convenience init<Observer: NotificationSelectorResponder>(
        observer: Observer,
        selector: NotificationSelector,
        name: Notification.Name?,
        object: AnyObject?,
        lifespan: Lifespan,
        center: NotificationCenter,
        queue: OperationQueue?,
        fileID: String,
        line: Int,
        madeBy engine: ObjectIdentifier?
    ) {
        let observerType = type(of: observer)
        let table = SelectorTableCache.table(for: observerType)
        let invocation: Invocation
        if let entry = table.entries[selector], entry.accepts(observer) {
            invocation = entry.invocation
        } else if table.rejected.contains(selector) {
            // Its entry was malformed and reported where it was declared: one cause, one report.
            invocation = .unresolved
        } else {
            let known = table.selectors.map { "\"\($0.name)\"" }.joined(separator: ", ")
            let reason: String
            if let entry = table.entries[selector] {
                reason = "binds it to a method of \(entry.observerType), which \(observerType) is not"
            } else {
                reason = "does not answer it; it answers \(known.isEmpty ? "no selector names" : known)"
            }
            reportDiagnostic(
                .unknownSelector,
                "Expected \(observerType) to answer the selector \"\(selector.name)\", but its notificationSelectors "
                    + "table \(reason). Add it with .adding(\"\(selector.name)\", \(observerType).method) in "
                    + "notificationSelectors. This info will not listen.",
                fileID: fileID,
                line: line,
                about: center
            )
            invocation = .unresolved
        }
        self.init(
            observer: observer,
            invocation: invocation,
            handler: .selector(selector),
            column: 0,
            keyObserver: ObjectIdentifier(observer),
            name: name,
            object: object,
            lifespan: lifespan,
            center: center,
            queue: queue,
            fileID: fileID,
            line: line,
            madeBy: engine
        )
    }

    /// Makes an info whose handler is a closure.
    ///
    /// ```swift
    /// let info = NotificationInfo(name: .storeDidSave, object: store) { note in
    ///     print("saved")
    /// }
    /// ```
    ///
    /// > Important: The closure is kept as long as the info. Capture objects weakly, or use the shorthands of
    /// > ``ControllerBase``, which pass the owner to the closure so that no capture is needed.
    ///
    /// - Parameters:
    ///   - name: The notification name, or `nil` for every notification (reported).
    ///   - object: Only notifications posted by this sender are delivered. Held weakly. `nil` means any sender.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with. An engine adds only infos of its own center
    ///     (``NotificationEngine/center``); another is refused (``NotificationDiagnostic/Rule/centerMismatch``).
    ///   - queue: The queue handlers run on, or `nil` for the posting thread.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call. Leave the default: with the file and line it tells closures apart, so
    ///     that the same closure added twice is found.
    ///   - handler: Called with each delivered notification.
    public convenience init(
        name: Notification.Name?,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter = .default,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Notification) -> Void
    ) {
        self.init(
            observer: nil,
            invocation: .unbound(handler),
            handler: .closure,
            column: column,
            keyObserver: nil,
            name: name,
            object: object,
            lifespan: lifespan,
            center: center,
            queue: queue,
            fileID: fileID,
            line: line
        )
    }

    /// Makes an info from its resolved parts; the designated initialiser behind every other one.
    ///
    /// The handler's identity in the ``registrationKey`` is `handler`'s selector on `keyObserver`, or for a closure
    /// the place `fileID`, `line`, `column`, with `keyObserver` the owner that the closure receives (if any).
    ///
    /// `madeBy` is the engine whose shorthand makes the info: it owns the info from the start, and the
    /// ``RegistrationLedger`` lists the info through that engine rather than itself. Only for an engine's
    /// shorthands, which add the info at once with ``NotificationEngine/addMade(_:fileID:line:)`` (and let it go
    /// when it is refused).
    init(
        observer: AnyObject?,
        invocation: Invocation,
        handler: Handler,
        column: Int,
        keyObserver: ObjectIdentifier?,
        name: Notification.Name?,
        object: AnyObject?,
        lifespan: Lifespan,
        center: NotificationCenter,
        queue: OperationQueue?,
        fileID: String,
        line: Int,
        madeBy engine: ObjectIdentifier? = nil
    ) {
        let keySender = object.map(ObjectIdentifier.init)
        let nameHash = RegistrationKey.nameHash(name)
        self.keyHash = RegistrationKey.hash(
            nameHash: nameHash,
            sender: keySender,
            lifespan: lifespan,
            // The same condition as `registrationKey`: a selector names the handler only with its observer.
            selector: keyObserver == nil ? nil : handler.selector,
            line: line,
            column: column,
            observer: keyObserver,
            messageType: invocation.messageSubscription?.messageType
        )
        self.lifespan = lifespan
        self.center = center
        // The facts are made inside `make`, where they are stored: made here, they would be copied there and
        // then released (a retain and a release of each string and of the handler, for every info).
        self.unmanagedCore = .passUnretained(
            InfoCore.make(observer: observer, sender: object, owner: engine) {
                var unfilteredHandler: (@Sendable (Notification) -> Void)?
                if case .unbound(let closure) = invocation, object == nil { unfilteredHandler = closure }
                return InfoCore.Facts(
                    unfilteredHandler: unfilteredHandler,
                    invocation: invocation,
                    filtersOnSender: object != nil,
                    needsObserver: invocation.needsObserver,
                    center: center,
                    queue: queue,
                    label: InfoCore.Label(
                        kind: invocation.messageSubscription?.kind ?? .notification,
                        name: name,
                        lifespan: lifespan,
                        handler: handler,
                        fileID: fileID,
                        line: line
                    ),
                    nameHash: nameHash,
                    keySender: keySender,
                    keyObserver: keyObserver,
                    keyColumn: column
                )
            }
        )
        if engine == nil { RegistrationLedger.insert(self) }
        reportInputProblems(name: name, lifespan: lifespan)
    }

    deinit {
        // Removes the registration, then lets the core go (the last reference, unless a block still holds it).
        withExtendedLifetime(withCore { $0.end() }) {}
    }

}
