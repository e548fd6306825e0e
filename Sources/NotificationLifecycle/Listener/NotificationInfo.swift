public import Foundation

/// Everything one notification registration needs, in one value that starts and stops listening on its own.
///
/// An info holds the observer (weakly), the handler (a selector name or a closure), the notification name, the
/// optional sender (weakly) and a ``Lifespan``. Start and stop it as often as you like; it listens at most once at a
/// time, and stopping it touches no other registration (never `removeObserver(self)`).
///
/// It works on its own, for example around a save (here `store`, yours, posts `.storeDidSave`):
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
/// queue, Foundation runs it on that queue and the poster waits until it has run. Main-actor handlers (the closures
/// of a ``MainActorNotificationEngineOwner``) run at once when the post is made on the main actor (the main thread or
/// queue), and are scheduled on the main actor otherwise.
///
/// ## Guarantees
/// - One registration per listening info, whatever threads call ``startListening(fileID:line:)`` at once.
/// - Once ``stopListening()`` returns, no later post reaches the handler, nor does the rest of a post under way on
///   the thread that stopped it (a handler that stops another info; Foundation calls observers removed mid-post,
///   the info does not pass such a call on). A call that another thread had already let through may still run,
///   even begin, after it returns; for an engine's infos, ``NotificationEngine/waitForStoppedHandlers()`` waits
///   until such calls have returned.
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
/// > observer. The package never registers such an observer itself and never posts a message. There, an info made
/// > with `name: nil` is reported (``NotificationDiagnostic/Rule/everyNotification``), and an engine also reports
/// > one added next to typed-message listeners on the same center. On Apple platforms a typed message is posted as
/// > a notification, which a `name: nil` info hears like any other: nothing is reported there.
///
/// > Important: Keep the info. Like Foundation's `ObservationToken`, an info that is released stops listening.
public final class NotificationInfo: Sendable, CustomStringConvertible {
    /// What the info registers for: a notification name, a main-actor message or an asynchronous message.
    package struct Kind: Hashable, Sendable, CustomStringConvertible {
        package let description: String

        /// A `Notification.Name` (or every notification), registered with `addObserver(forName:object:queue:using:)`.
        package static let notification = Kind(description: "notification")
        /// A `NotificationCenter.MainActorMessage` type, whose handler runs on the main actor during the post.
        static let mainActorMessage = Kind(description: "mainActorMessage")
        /// A `NotificationCenter.AsyncMessage` type, whose handler Foundation runs in a task of its own.
        static let asyncMessage = Kind(description: "asyncMessage")
    }

    /// What registrations hold and call; the info is the handle that stops it when released.
    let listener: Listener

    /// Makes an info whose handler is the observer's method named by `selector`.
    ///
    /// The selector is looked up in the observer's ``NotificationSelectorResponder/notificationSelectors`` now. A
    /// name the observer does not answer is reported at once (``NotificationDiagnostic/Rule/unknownSelector``) and
    /// the info never listens.
    ///
    /// ```swift
    /// // Excerpt: in a method of the observer
    /// let info = NotificationInfo(
    ///     observer: self, selector: "keyboardWillShow:", name: .keyboardWillShow,
    ///                             lifespan: .visible)
    /// ```
    ///
    /// - Parameters:
    ///   - observer: The object whose method handles the notification. Held weakly. It is `Sendable` (main-actor,
    ///     an actor, or a class that guards its state), as its method may run on the posting thread.
    ///   - selector: The selector name, such as `"keyboardWillShow:"`.
    ///   - name: The notification name, or `nil` for every notification (reported on Linux: see
    ///     ``NotificationDiagnostic/Rule/everyNotification``).
    ///   - object: Only notifications posted by this sender are delivered. Held weakly. `nil` means any sender.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with. `nil` (the default) means the center of the controller whose
    ///     `populateNotificationInfos()` is running, and `.default` anywhere else. An engine adds only infos of its
    ///     own center (``NotificationEngine/center``); another is refused
    ///     (``NotificationDiagnostic/Rule/centerMismatch``).
    ///   - queue: The queue handlers run on, or `nil` for the posting thread.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public convenience init<Observer: NotificationSelectorResponder & Sendable>(
        observer: Observer,
        selector: String,
        name: Notification.Name?,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        center: NotificationCenter? = nil,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        let center = NotificationEngine.defaultCenter(center)
        let selector = NotificationSelector(selector)
        self.init(
            handler: NotificationSelectorTable.handler(for: selector, of: observer, (fileID, line), center),
            observer: observer,
            selector: selector,
            column: 0,
            name: name,
            object: object,
            lifespan: lifespan,
            center: center,
            queue: queue,
            fileID: fileID,
            line: line,
            owned: false,
            registry: nil
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
    ///   - name: The notification name, or `nil` for every notification (reported on Linux).
    ///   - object: Only notifications posted by this sender are delivered. Held weakly. `nil` means any sender.
    ///   - lifespan: When an owner starts and stops the info. A standalone info ignores it.
    ///   - center: The center to register with. `nil` (the default) means the center of the controller whose
    ///     `populateNotificationInfos()` is running, and `.default` anywhere else. An engine adds only infos of its
    ///     own center (``NotificationEngine/center``); another is refused
    ///     (``NotificationDiagnostic/Rule/centerMismatch``).
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
        center: NotificationCenter? = nil,
        queue: OperationQueue? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @Sendable (Notification) -> Void
    ) {
        self.init(
            handler: Handler<AnyObject>.closure(handler),
            observer: nil,
            selector: nil,
            column: column,
            name: name,
            object: object,
            lifespan: lifespan,
            center: NotificationEngine.defaultCenter(center),
            queue: queue,
            fileID: fileID,
            line: line,
            owned: false,
            registry: nil
        )
    }

    /// Makes an info from its parts; the designated initialiser behind every other one.
    ///
    /// `observer` is the object the handler receives (and, with a closure, part of its identity); `owned` says that an
    /// engine's shorthand makes the info, and `registry` is that engine's registry: the engine owns the info from the
    /// start and lists it for inspection, and adds it at once with ``NotificationEngine/addMade(_:fileID:line:)``. An
    /// info made alone (`false`, `nil`) lists itself.
    ///
    /// The handler, center, name, lifespan, selector, queue, file and registry move into the listener, the observer
    /// and sender are borrowed, and the engine is not passed: each copy here was a retain and a release per info made
    /// (Benchmarks/README.md, "Issue 35: the atomic operations of making and starting a listener").
    init<Owner>(
        handler: consuming Handler<Owner>,
        observer: borrowing AnyObject?,
        selector: consuming NotificationSelector?,
        column: Int,
        name: consuming Notification.Name?,
        object: borrowing AnyObject?,
        lifespan: consuming Lifespan,
        center: consuming NotificationCenter,
        queue: consuming OperationQueue?,
        fileID: consuming String,
        line: Int,
        owned: Bool,
        registry: consuming CenterRegistry?
    ) {
        // Before the parts move: only an info that breaks a rule describes itself (below).
        let problems = Self.inputProblems(name: name, lifespan: lifespan)
        let messageType = handler.message.map { ObjectIdentifier($0.type) }
        listener = TypedListener(
            handler: handler,
            center: center,
            registry: registry ?? CenterRegistry.registry(for: center),
            declaration: Declaration(
                name: name,
                lifespan: lifespan,
                selector: selector,
                queue: queue,
                messageType: messageType,
                fileID: fileID,
                line: line,
                column: column,
                takesObserver: observer != nil,
                filtersBySender: object != nil
            ),
            observer: observer,
            sender: object,
            isOwned: owned
        )
        if !owned {
            DiagnosticRouting.claim(listener.center)
            let registry = listener.registry
            let kept = registry.withLock { registry.enterLedger(self) }
            withExtendedLifetime(kept) {}
        }
        for problem in problems {
            problem("\(self)").report(self.fileID, self.line, about: listener.center)
        }
    }

    deinit {
        listener.end()
    }

    // MARK: - Facts

    /// When an owner starts and stops this info.
    public var lifespan: Lifespan { listener.declaration.lifespan }
    /// The notification name, or `nil` for every notification.
    ///
    /// For a typed-message info, the message type's name, such as `MyApp.DocumentDidSave`.
    public var name: Notification.Name? { listener.declaration.name }
    /// The selector name that handles the notification, or `nil` for a closure.
    public var selector: String? { listener.declaration.selector?.name }
    /// The typed message this info registers for, such as `DocumentDidSave.self`, or `nil` for a notification info.
    public var messageType: Any.Type? { listener.message?.type }
    /// The center the info registers with.
    package var center: NotificationCenter { listener.center }
    /// Whether the info delivers only notifications of one sender (even once that sender is gone).
    package var filtersBySender: Bool { listener.declaration.filtersBySender }
    /// Whether the info registers for a notification name or for a typed message.
    package var kind: Kind { listener.kind }
    /// The `#fileID` of the code that made the info.
    package var fileID: String { listener.declaration.fileID }
    /// The line of the code that made the info.
    package var line: Int { Int(listener.declaration.line) }
    /// The typed message's type, or `nil` for a notification info.
    package var messageTypeID: ObjectIdentifier? { listener.declaration.messageType }
    /// The sender filter, or `nil` when the info accepts any sender or its sender is gone.
    package var object: AnyObject? { listener.sender }
    /// The observer whose method or owner-closure handles the notification, while it lives.
    package var observer: AnyObject? { listener.observer }
    /// The queue handlers run on, or `nil` for the posting thread.
    package var queue: OperationQueue? { listener.declaration.queue }
    /// Whether the info's selector was not found in its observer's table when it was made (so it never listens), and
    /// whether it needs a live observer. For the testing module's failures, which say why an info does not listen.
    package var hasUnknownSelector: Bool { listener.isUnresolved }
    package var needsObserver: Bool { listener.declaration.takesObserver }
    /// Whether the info is a notification info with `name: nil`, which receives every notification.
    var listensToEveryNotification: Bool { listener.declaration.listensToEveryNotification }
    /// Whether the info registers for a typed message.
    var isMessageInfo: Bool { listener.declaration.messageType != nil }

    /// One line for tests and debugging: name, sender, lifespan (for an info an engine owns: a standalone info
    /// ignores it), handler, and whether it listens.
    public var description: String { listener.described() }

    // MARK: - Listening

    /// Whether the info listens: `true` from the moment a start decides to register it until a stop.
    ///
    /// A start decides under the package's lock and makes the center's registration after it, so while
    /// ``startListening(fileID:line:)`` (or the owner's `appear()`) runs on one thread, another thread can already
    /// read `true` and post a notification that is not heard. Once the start has returned, every post is heard. A
    /// test that posts from another thread waits for the start to return, not for this property.
    ///
    /// A registration whose observer or sender was released can never deliver again: reading this property drops
    /// it and answers `false`. It reports that once: a released sender for any info, a released observer only for
    /// an info no engine owns (an owner stops its infos itself).
    public var isListening: Bool { listener.isListening }

    /// Starts listening. Does nothing when the info already listens.
    ///
    /// An info whose selector was unknown (reported when it was made), whose observer is gone, or whose sender is
    /// gone does not listen; a gone observer or sender is reported the first time it stops a start.
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public func startListening(fileID: String = #fileID, line: Int = #line) {
        listener.start(byHold: false, fileID: fileID, line: line)
    }

    /// Stops listening. Does nothing when the info does not listen.
    ///
    /// Once this returns, no later post reaches the handler, nor does the rest of a post under way on the thread
    /// that stopped it (a handler that stops another info). A call that another thread had already let through may
    /// still run, even begin, after it returns (as with Foundation's observers); for an engine's infos,
    /// ``NotificationEngine/waitForStoppedHandlers()`` waits until such calls have returned.
    ///
    /// It stops any info, also a ``Lifespan/lifetime`` one that an engine owns: the engine starts it again only with
    /// `start(.lifetime)`. (`stop(.lifetime)` on the engine is refused: a lifespan stops as a whole only where it
    /// can end.)
    public func stopListening() {
        listener.stop()
    }

    /// Listens while `body` runs: starts, runs the body, stops.
    ///
    /// The info stops when the body returns or throws. If it was already listening before, it is still listening
    /// after. Nested and concurrent calls on one info keep it listening until the last one ends.
    ///
    /// ```swift
    /// let heardSave = NotificationInfo(name: .storeDidSave, object: store) { note in
    ///     print("heard", note.name.rawValue)
    /// }
    /// try heardSave.listen(during: { try store.save() })
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - body: The work to listen around.
    /// - Returns: What `body` returns.
    @discardableResult
    public func listen<Result>(
        fileID: String = #fileID,
        line: Int = #line,
        during body: () throws -> Result
    ) rethrows -> Result {
        listener.start(byHold: true, fileID: fileID, line: line)
        defer { listener.endHold() }
        return try body()
    }

    /// Listens while the asynchronous `body` runs: starts, awaits the body, stops.
    ///
    /// The info stops when the body returns, throws, or its task is cancelled (a cancelled body ends by returning
    /// or throwing, and the info stops then). If it was already listening before, it is still listening after.
    ///
    /// ```swift
    /// try await didSave.listen(during: { try await store.save() })
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's isolation, which the body inherits.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - body: The work to listen around.
    /// - Returns: What `body` returns.
    @discardableResult
    public func listen<Result>(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        line: Int = #line,
        during body: () async throws -> Result
    ) async rethrows -> Result {
        listener.start(byHold: true, fileID: fileID, line: line)
        defer { listener.endHold() }
        return try await body()
    }

    // MARK: - Ownership and inspection

    /// Whether an engine owns the info (the engine that lists it).
    package var isOwned: Bool {
        listener.registry.withLock { listener.state.isOwned }
    }

    /// Installs (or, with `nil`, removes) the tap that sees every handler call of this info.
    package func setDeliveryTap(_ tap: DeliveryTap?) {
        let tapping = tap.map { Tapping(tap: $0, info: self) }
        let previous = listener.registry.withLock { listener.setTappingLocked(tapping) }
        withExtendedLifetime(previous) {}
    }

    /// Whether `other`, in the same engine, registers what this info does: the same declaration and the same live
    /// observer and sender. A gone observer or sender makes no info a duplicate: a new object at its address is
    /// another registration. The objects loaded go to `effects`, for the caller to release after its lock.
    func registersTheSame(as other: NotificationInfo, keeping effects: inout Effects) -> Bool {
        let mine = listener
        let theirs = other.listener
        // The name's hash first, read alone: it tells most infos of an engine apart without copying a declaration.
        guard mine.declaration.nameHash == theirs.declaration.nameHash,
            mine.declaration.declaresTheSame(as: theirs.declaration)
        else { return false }
        let objects = (mine.observer, mine.sender, theirs.observer, theirs.sender)
        // Kept whether or not they match: a reference loaded under the caller's lock is released after it.
        for object in [objects.0, objects.1, objects.2, objects.3] { effects.keep(object) }
        guard mine.released(observer: objects.0, sender: objects.1) == nil,
            theirs.released(observer: objects.2, sender: objects.3) == nil
        else { return false }
        return objects.0 === objects.2 && objects.1 === objects.3
    }

    /// The hash of ``registersTheSame(as:keeping:)`` for this info, or `nil` when its observer or sender is gone;
    /// for an engine's index of a large number of infos. The objects loaded go to `effects`, as there.
    func duplicateHash(keeping effects: inout Effects) -> Int? {
        let observer = listener.declaration.takesObserver ? listener.observer : nil
        let sender = listener.declaration.filtersBySender ? listener.sender : nil
        effects.keep(observer)
        effects.keep(sender)
        guard listener.released(observer: observer, sender: sender) == nil else { return nil }
        return listener.declaration.duplicateHash(
            observer: observer.map(ObjectIdentifier.init),
            sender: sender.map(ObjectIdentifier.init)
        )
    }

    /// The rules an info of `name` and `lifespan` breaks, each as the misuse made with the info's description (so that
    /// neither the description nor the info is touched when none is broken); `nameNilIsReported` says whether a
    /// `name: nil` info breaks one (``CenterCalls/messagePostsCrashNameNilObservers`` on this platform).
    static func inputProblems(
        name: Notification.Name?,
        lifespan: Lifespan,
        nameNilIsReported: Bool = CenterCalls.messagePostsCrashNameNilObservers
    ) -> [(_ info: String) -> Misuse] {
        var problems: [(String) -> Misuse] = []
        if name == nil, nameNilIsReported { problems.append(Misuse.nameNil) }
        if name?.rawValue.isEmpty == true { problems.append(Misuse.emptyName) }
        if lifespan.customName?.isEmpty == true { problems.append(Misuse.emptyLifespanName) }
        return problems
    }
}
