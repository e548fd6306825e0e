public import Foundation

/// Everything one notification registration needs, in one value that starts and stops listening on its own.
///
/// An info holds the observer (weakly), the handler (a selector name or a closure), the notification name, the
/// optional sender (weakly) and a ``Lifespan``. Start and stop it as often as you like; it holds at most one
/// registration on its center at a time and removes it by token, never with `removeObserver(self)`.
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
/// - Infos that listen to one name on one center (and, with a queue, on one queue) hear a post in the order in which
///   they started listening, on every platform: they share one Foundation registration. Observers added to the
///   center directly run in Foundation's order (hash order on Linux), and the package's listeners of a name run
///   together at that registration's place among them.
///
/// ## Typed messages
/// An info can register for one of Foundation's typed messages instead of a notification name: a
/// `NotificationCenter.MainActorMessage`, whose handler runs on the main actor while the message is posted, or a
/// `NotificationCenter.AsyncMessage`, whose handler Foundation runs in a task of its own (concurrently, in no
/// particular order). Make one with the `init(for:…)` initialisers or the `addMessageInfo(for:…)` shorthands of
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
    private func withCore<Result>(_ body: (InfoCore) throws -> Result) rethrows -> Result {
        try unmanagedCore._withUnsafeGuaranteedRef(body)
    }

    // What starting, stopping and an owner's lifespan loops read comes first: stored properties are laid out in
    // the order they are declared, and an engine with thousands of infos touches these in every one of them, so
    // they share the object's first cache lines.
    /// How the handler is called (the core keeps what a delivery needs of it).
    let invocation: Invocation
    /// When an owner starts and stops this info.
    public let lifespan: Lifespan
    /// The notification name, or `nil` for every notification.
    ///
    /// For a typed-message info, the message type's name, such as `MyApp.DocumentDidSave`.
    public let name: Notification.Name?
    /// The center the info registers with.
    package let center: NotificationCenter
    /// The queue handlers run on, or `nil` for the posting thread.
    package let queue: OperationQueue?
    /// Whether the info delivers only notifications of one sender (even once that sender is gone).
    package let filtersBySender: Bool
    /// Whether the info registers for a notification name or for a typed message.
    package let kind: Kind
    /// What handles the notification.
    let handler: Handler
    /// The `#fileID` of the code that made the info.
    package let fileID: String
    /// The line of the code that made the info.
    package let line: Int

    /// The hash of ``registrationKey``, which an engine counts its infos by.
    let keyHash: Int
    /// The parts of ``registrationKey`` that are not properties of the info: all of them trivial, so that making
    /// and releasing an info copies no string of its key.
    private let keySender: ObjectIdentifier?
    private let keyObserver: ObjectIdentifier?
    private let keyColumn: Int

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
        self.keySender = keySender
        self.keyObserver = keyObserver
        self.keyColumn = column
        self.keyHash = RegistrationKey.hash(
            name: name,
            sender: keySender,
            lifespan: lifespan,
            // The same condition as `registrationKey`: a selector names the handler only with its observer.
            selector: keyObserver == nil ? nil : handler.selector,
            line: line,
            column: column,
            observer: keyObserver,
            messageType: invocation.messageSubscription?.messageType
        )
        let kind = invocation.messageSubscription?.kind ?? .notification
        self.invocation = invocation
        self.lifespan = lifespan
        self.name = name
        self.center = center
        self.queue = queue
        self.filtersBySender = object != nil
        self.kind = kind
        self.handler = handler
        self.fileID = fileID
        self.line = line
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
                    label: InfoCore.Label(
                        kind: kind,
                        name: name,
                        lifespan: lifespan,
                        handler: handler,
                        fileID: fileID,
                        line: line
                    )
                )
            }
        )
        if engine == nil { RegistrationLedger.insert(self) }
        reportInputProblems(name: name, lifespan: lifespan)
    }

    deinit {
        // Removes the registration, then lets the core go (the last reference, unless a block still holds it).
        withExtendedLifetime(withCore { $0.end(for: self) }) {}
    }

    // MARK: - State

    /// Whether the info holds a registration on its center now.
    ///
    /// A registration whose observer or sender was released can never deliver again: reading this property drops
    /// it and answers `false`. It reports that once: a released sender for any info, a released observer only for
    /// an info no engine owns (an owner stops its infos itself).
    public var isListening: Bool {
        var kept = KeptObjects()
        var sender: AnyObject?
        return withCore { core in
            let decision = core.withLock { state -> InfoCore.Decision in
                guard state.registration != nil else { return .skip }
                sender = state.sender
                return core.dropIfDead(&state, keeping: &kept) ?? .call(observer: nil, tap: nil)
            }
            switch decision {
            case .skip:
                return false
            case .call:
                return true
            case .drop(let token, let observerGone, let shouldReport):
                core.unregister(token)
                if shouldReport { core.reportReleased(observerGone: observerGone, sender: sender) }
                return false
            }
        }
    }

    /// What makes two registrations "the same" for duplicate detection; built when asked (see ``keyHash``).
    var registrationKey: RegistrationKey {
        let identity: RegistrationKey.HandlerIdentity
        if let selector = handler.selector, let keyObserver {
            identity = .selector(selector, observer: keyObserver)
        } else {
            identity = .closure(fileID: fileID, line: line, column: keyColumn, observer: keyObserver)
        }
        return RegistrationKey(
            name: name,
            sender: keySender,
            lifespan: lifespan,
            handler: identity,
            messageType: messageTypeID
        )
    }

    /// Whether the info is a notification info with `name: nil`, which receives every notification.
    var listensToEveryNotification: Bool {
        kind == .notification && name == nil
    }

    /// Whether the info registers for a typed message.
    var isMessageInfo: Bool {
        kind != .notification
    }

    /// The typed message's type, or `nil` for a notification info.
    package var messageTypeID: ObjectIdentifier? {
        invocation.messageSubscription?.messageType
    }

    /// The selector name that handles the notification, or `nil` for a closure.
    public var selector: String? {
        handler.selector?.name
    }

    /// The typed message this info registers for, such as `DocumentDidSave.self`, or `nil` for a notification info.
    public var messageType: Any.Type? {
        invocation.messageSubscription?.type
    }

    /// Whether the sender and the observer that ``registrationKey`` names by identity are still alive.
    ///
    /// Once one of them is gone, a new object at the same address gives an equal key for a different registration,
    /// so a stale key makes no info a duplicate. The objects loaded to find out stay in `kept`: release it only after
    /// leaving every lock (the engine calls this under its own).
    func registrationKeyIsCurrent(keeping kept: inout KeptObjects) -> Bool {
        let namesObserver = keyObserver != nil
        let filtersOnSender = filtersBySender
        return withCore { core in
            core.withLock { state in
                (!filtersOnSender || state.sender(keeping: &kept) != nil)
                    && (!namesObserver || state.observer(keeping: &kept) != nil)
            }
        }
    }

    /// The sender filter, or `nil` when the info accepts any sender or its sender is gone.
    package var object: AnyObject? {
        withCore { $0.withLock { $0.sender } }
    }

    /// The observer whose method or owner-closure handles the notification, while it lives.
    package var observer: AnyObject? {
        withCore { $0.withLock { $0.observer } }
    }

    /// One line for tests and debugging: name, sender, lifespan, handler, and whether it listens.
    public var description: String {
        let (listening, sender) = withCore { $0.withLock { ($0.registration != nil, $0.sender) } }
        return InfoCore.Label(
            kind: kind,
            name: name,
            lifespan: lifespan,
            handler: handler,
            fileID: fileID,
            line: line
        ).describe(filtersOnSender: filtersBySender, sender: sender, listening: listening)
    }

    // MARK: - Starting and stopping

    /// Starts listening. Does nothing when the info already listens.
    ///
    /// An info whose selector was unknown (reported when it was made), whose observer is gone, or whose sender is
    /// gone does not listen; a gone observer or sender is reported the first time it stops a start.
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func startListening(fileID: String = #fileID, line: Int = #line) {
        var kept = KeptObjects()
        report(start(byHold: false, keeping: &kept), fileID: fileID, line: line)
    }

    /// Stops listening. Does nothing when the info does not listen.
    ///
    /// Once this returns, no later post reaches the handler, nor does the rest of a post under way on the thread
    /// that stopped it (a handler that stops another info). A call that another thread had already let through may
    /// still run, even begin, after it returns.
    public func stopListening() {
        withCore { _ = $0.stop(for: self) }
    }

    /// The result of an attempt to start, reported by ``report(_:)`` outside any lock.
    enum StartOutcome: Sendable {
        case started
        case alreadyListening
        case unresolvedSelector
        case observerReleased
        case senderReleased
        /// Not listening for a reason already reported.
        case notListening
    }

    /// Starts listening without reporting: the engine collects outcomes and reports them after its lock.
    ///
    /// With `byHold`, counts one more `listen(during:)` hold in the same critical section, so that the hold count
    /// and the registration never disagree.
    ///
    /// The info's lock is held while registering with the center. That call runs no user code: Foundation's
    /// center calls observers only after releasing its own lock, and never from `addObserver`. The observer and
    /// sender loaded to check them stay in `kept`: release it only after leaving every lock (the engine starts infos
    /// under its own).
    func start(byHold: Bool, keeping kept: inout KeptObjects) -> StartOutcome {
        start(byHold: byHold, hub: nil, keeping: &kept)
    }

    /// ``start(byHold:keeping:)`` with the center's hub, when the caller has it at hand (an engine on the info's
    /// center), so that the info's first start need not look it up.
    func start(byHold: Bool, hub: NotificationHub?, keeping kept: inout KeptObjects) -> StartOutcome {
        withCore { $0.start(for: self, byHold: byHold, hub: hub, keeping: &kept) }
    }

    /// Stops listening and says whether a registration was removed.
    @discardableResult
    package func stop() -> Bool {
        withCore { $0.stop(for: self) }
    }

    /// Stops listening and gives the info up if `owner` has it, in one locked section: what an engine does to
    /// an info it removes or lets go.
    package func stop(givingUpFrom owner: ObjectIdentifier) {
        withCore { _ = $0.stop(for: self, givingUpFrom: owner) }
    }

    /// Reports a start that could not listen, at the call that started it (`fileID`, `line`).
    ///
    /// An unknown selector was reported when the info was made, and is not reported again.
    func report(_ outcome: StartOutcome, fileID: String, line: Int) {
        switch outcome {
        case .started, .alreadyListening, .unresolvedSelector, .notListening:
            return
        case .observerReleased:
            reportDiagnostic(
                .observerReleased,
                "Expected the observer of \(self) (made at \(self.fileID):\(self.line)) to be alive when starting, "
                    + "but it was released. Make a new info for a live observer, or keep the observer. It does not "
                    + "listen; this is reported once.",
                fileID: fileID,
                line: line,
                about: center
            )
        case .senderReleased:
            reportDiagnostic(
                .senderReleased,
                "Expected the sender that \(self) (made at \(self.fileID):\(self.line)) filters on to be alive when "
                    + "starting, but it was released; the info will not widen to any sender. Make a new info for a "
                    + "live sender. It does not listen; this is reported once.",
                fileID: fileID,
                line: line,
                about: center
            )
        }
    }

    // MARK: - Ownership by an engine

    /// Claims the info for `owner`; returns the current owner when another one has it.
    func claim(for owner: ObjectIdentifier) -> ObjectIdentifier? {
        withCore { core in
            core.withLock { state in
                if let current = state.owner, current != owner { return current }
                state.owner = owner
                state.everOwned = true
                return nil
            }
        }
    }

    /// Enters the ``RegistrationLedger`` unless it is there: an info an engine made, leaving that engine alive.
    func enterLedger() {
        let enters = withCore { core in
            core.withLock { state -> Bool in
                defer { state.inLedger = true }
                return !state.inLedger
            }
        }
        if enters { RegistrationLedger.insert(self) }
    }

    /// The engine that owns the info, if any.
    package var ownerID: ObjectIdentifier? {
        withCore { $0.withLock { $0.owner } }
    }

    /// Installs (or, with `nil`, removes) the tap that sees every handler call of this info.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        withCore { core in
            core.withLock { state in
                state.tap = tap
                state.tapped = tap == nil ? nil : self
                if case .notification(let node) = state.registration?.token { node.list.setTapped(node, tap != nil) }
            }
        }
    }

    // MARK: - Listening around work

    /// Starts a hold for `listen(during:)`: listens if it did not, and remembers whether this hold started it.
    func beginHold() -> StartOutcome {
        var kept = KeptObjects()
        return start(byHold: true, keeping: &kept)
    }

    /// Ends a hold; the last one stops the registration it started, unless someone started the info explicitly
    /// since.
    func endHold() {
        withCore { $0.endHold(for: self) }
    }

    // MARK: - Typed messages

    /// Decides, under the lock, whether a typed message may reach the handler of the registration of `generation`.
    ///
    /// The same checks as for a notification: the registration still stands, its observer and subject live (one
    /// that can never deliver again is dropped and reported). Foundation already matched the subject by identity,
    /// and a subject that is still alive cannot share its address with another object. Answers the observer and
    /// the tap to call, or `nil` when the message must not be passed on.
    func admitMessage(generation: UInt64) -> (observer: AnyObject?, tap: DeliveryTap?)? {
        withCore { $0.admitMessage(generation: generation) }
    }

    // MARK: - Input checks

    /// Reports a name-nil, empty-name or empty-lifespan-name info; `name` and `lifespan` are the info's, passed
    /// by its initialiser so that the common case reads nothing back.
    private func reportInputProblems(name: Notification.Name?, lifespan: Lifespan) {
        if name == nil {
            reportDiagnostic(
                .everyNotification,
                "Expected a notification name, but \(self) has name nil and will receive every notification. "
                    + "Foundation crashes when a typed message is posted on a center with such an observer. "
                    + "Give the info a name unless you really need every notification.",
                fileID: fileID,
                line: line,
                about: center
            )
        } else if name?.rawValue.isEmpty == true {
            reportDiagnostic(
                .emptyName,
                "Expected a notification name, but \(self) has the empty name \"\", which is almost certainly a "
                    + "mistake. Use the name the poster uses.",
                fileID: fileID,
                line: line,
                about: center
            )
        }
        if lifespan.customName?.isEmpty == true {
            reportDiagnostic(
                .emptyName,
                "Expected a custom lifespan to have a name, but \(self) uses .custom(\"\"). Name it, such as "
                    + ".custom(\"editing\").",
                fileID: fileID,
                line: line,
                about: center
            )
        }
    }
}
