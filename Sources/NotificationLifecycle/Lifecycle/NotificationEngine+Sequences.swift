public import Foundation

extension NotificationEngine {
    /// Notifications named `name`, yielded while `lifespan` is active; the sequence finishes when it stops.
    ///
    /// The sequence registers at once, so nothing posted after this call returns is missed. It buffers each matching
    /// notification during its post, in the order they are posted from one thread, until `lifespan` stops
    /// (``disappear(fileID:line:)``, ``stop(_:fileID:line:)``), ``stopAll(fileID:line:)`` runs or the engine is
    /// released. Every notification whose post returned before that stop was called is kept, up to `policy`; the
    /// consumer reads them after the stop too, then the sequence finishes. When `lifespan` is not active now, the
    /// sequence is finished from the start. A consumer that stops iterating (its task is cancelled) removes the
    /// registration.
    ///
    /// A full buffer drops by its policy: `.bufferingNewest(n)` drops the oldest value it holds to keep the new
    /// one, `.bufferingOldest(n)` drops the new one; `.unbounded` drops nothing.
    ///
    /// Here `center` is the center your posts go to, and `.storeDidSave` a name of yours:
    ///
    /// ```swift
    /// let engine = NotificationEngine(center: center)
    /// engine.appear()
    /// let saves = engine.notifications(
    ///     named: .storeDidSave, during: .visible, buffering: .bufferingNewest(8))
    /// // Ends at engine.disappear(), or when the engine is released.
    /// for await save in saves {
    ///     print(save.userInfo ?? [:])
    /// }
    /// ```
    ///
    /// > Important: The loop runs until the lifespan stops. A loop that holds the owner strongly keeps it alive;
    /// > for a ``Lifespan/lifetime`` sequence that is for ever. Reach the owner weakly inside the loop.
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: Only notifications from this sender are yielded. Held weakly.
    ///   - lifespan: The lifespan whose active stretch the sequence covers.
    ///   - policy: What to keep when the consumer falls behind: the buffer holds what was posted and not yet read.
    ///     A value dropped for it is reported once per sequence (``NotificationDiagnostic/Rule/sequenceDroppedValues``).
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    /// - Returns: A sequence that finishes when `lifespan` stops, once it has yielded what was posted before.
    public func notifications(
        named name: Notification.Name,
        object: AnyObject? = nil,
        during lifespan: Lifespan,
        buffering policy: AsyncStream<Notification>.Continuation.BufferingPolicy,
        fileID: String = #fileID,
        line: Int = #line
    ) -> AsyncStream<Notification> {
        let center = center
        return boundStream(
            describing: "notifications named \(name.rawValue)",
            during: lifespan,
            buffering: policy,
            fileID: fileID,
            line: line
        ) { yield, _ in
            let info = NotificationInfo(
                name: name,
                object: object,
                lifespan: lifespan,
                center: center,
                fileID: fileID,
                line: line,
                using: yield
            )
            return (info, onStop: nil)
        }
    }

    /// Makes a stream fed by the info that `makeInfo` builds, bound to `lifespan` on this engine. The stop of the
    /// lifespan finishes the stream, unless `makeInfo` answers what to call at the stop instead: then the info's
    /// machinery finishes the stream itself (with the `finish` it was given) once it has what was posted before.
    func boundStream<Element>(
        describing what: String,
        during lifespan: Lifespan,
        buffering policy: AsyncStream<Element>.Continuation.BufferingPolicy,
        fileID: String,
        line: Int,
        makeInfo: (
            _ yield: @escaping @Sendable (Element) -> Void,
            _ finish: @escaping @Sendable () -> Void
        ) -> (NotificationInfo, onStop: (@Sendable () -> Void)?)
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: policy)
        // The first value dropped is reported, where the sequence was made: in the diagnostic scope of that place, as
        // a drop happens on the posting thread, maybe outside it.
        let misuse = Misuse.sequenceDropped(what: what, lifespan: "\(lifespan)", buffer: "\(policy)")
        let (scope, unreported) = (DiagnosticRouting.scope, LockedValueBox(Optional(misuse.at(fileID, line))))
        let (info, onStop) = makeInfo(
            { element in
                // The value goes straight from the center's callback into the stream, and is not used here afterwards.
                guard case .dropped = continuation.yield(handedOn(element)),
                    let dropped = unreported.withLock({ $0.take() })
                else { return }
                DiagnosticRouting.route(dropped, about: nil, fallback: scope)
            },
            { continuation.finish() }
        )
        let finish = onStop ?? { continuation.finish() }
        guard let id = bindSequence(info, fileID: fileID, line: line, finish: finish) else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.unbindSequence(id)
        }
        return stream
    }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension NotificationEngine {
    /// Asynchronous messages of `messageType`, yielded while `lifespan` is active; the sequence finishes when it
    /// stops.
    ///
    /// The sequence registers at once, so nothing posted after this call returns is missed (unless other threads post
    /// during the call: see below), and keeps every message whose post returned before `lifespan` stopped (or
    /// ``stopAll(fileID:line:)`` ran, or the engine was released), up to `policy`; then it finishes. Foundation hands
    /// each asynchronous message to its observers in a task of its own, after the post: the stop removes the
    /// registration, the tasks of earlier posts still put their message into the sequence, and the sequence finishes
    /// once the last of them has run (the consumer may read some messages after the stop returned).
    ///
    /// The messages are yielded in the order they were posted (from one thread; posts from several threads in the
    /// order Foundation took them), as Foundation's own `messages(of:for:bufferSize:)` yields them: the sequence
    /// reads Foundation's sequence for the order, and its own registration for where to end. Those are two
    /// registrations, the first just before the second, both made during this call. A message that another thread
    /// posts between the two is not counted: for each such message, one of the last messages posted before the stop
    /// may be left out (one the sequence had not read when the stop came). To keep every one, make the sequence before
    /// other threads start posting the message, or while they do not.
    ///
    /// With ``MessageSubject/only(_:)``, releasing the object ends what the sequence yields, as it ends what an info
    /// hears (reported as ``NotificationDiagnostic/Rule/senderReleased``): Foundation matches a subject by its
    /// address, so a message the sequence reads once the object is gone may be a new object's made there. A message
    /// posted with the object that the sequence had not read by then is left out; stop the lifespan before releasing
    /// the object to keep every one.
    ///
    /// A full buffer drops by its policy: `.bufferingNewest(n)` drops the oldest message it holds to keep the new
    /// one, `.bufferingOldest(n)` drops the new one; `.unbounded` drops nothing.
    ///
    /// Main-actor messages have no sequence: Foundation delivers them synchronously, on the main actor, during the
    /// post. Observe them with a main-actor message info.
    ///
    /// Here `DownloadDidFinish` is an `AsyncMessage` of yours with a `url`; typed messages need release 26 of each
    /// Apple platform:
    ///
    /// ```swift
    /// if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    ///     for await finished in engine.messages(
    ///         for: DownloadDidFinish.self, during: .visible,
    ///         buffering: .bufferingNewest(16))
    ///     {
    ///         print(finished.url)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: ``MessageSubject/any`` (the default), or ``MessageSubject/only(_:)`` one object, held weakly.
    ///   - lifespan: The lifespan whose active stretch the sequence covers.
    ///   - policy: What to keep when the consumer falls behind: the buffer holds what arrived and was not yet read.
    ///     A value dropped for it is reported once per sequence (``NotificationDiagnostic/Rule/sequenceDroppedValues``).
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    /// - Returns: A sequence that finishes after `lifespan` stops, once it has the messages posted before.
    public func messages<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: MessageSubject<Message.Subject> = .any,
        during lifespan: Lifespan,
        buffering policy: AsyncStream<Message>.Continuation.BufferingPolicy,
        fileID: String = #fileID,
        line: Int = #line
    ) -> AsyncStream<Message> {
        let center = center
        return boundStream(
            describing: "messages \(String(reflecting: Message.self))",
            during: lifespan,
            buffering: policy,
            fileID: fileID,
            line: line
        ) { yield, finish in
            let order = PostOrder<Message>(yield: yield, finish: finish)
            let end = SequenceEnd { order.callsEnded() }
            // Strong: a call Foundation took on before the stop still counts after the listener's info is gone. The
            // stop removes the registration and its token, which ends the cycle on Apple platforms.
            let source = subject.async { listener, generation in
                { (_: Message) in
                    guard let (_, tapping, late) = listener.admit(generation, evenIfStopped: true) else { return }
                    defer { listener.endLateCall(late) }
                    // Counted also when the info is being released (no tap event then): the count says where the
                    // sequence ends.
                    let call = Tapping.showMessage(tapping)
                    order.callTaken()
                    call?.end()
                    withExtendedLifetime(end) {}
                }
            }
            let info = NotificationInfo(source, lifespan, center, (fileID, line, 0))
            // Before the info registers (when it is bound), so that Foundation's sequence has every post it counts.
            if let filter = subject.filter {
                filter.read(on: center, subject: subject.object, into: order, for: info.listener)
            } else {
                let messages = center.messages(
                    of: Message.Subject.self,
                    for: AnySubject<Message>(),
                    bufferSize: Int.max
                )
                order.read(messages, for: info.listener)
            }
            return (info, onStop: { order.stopped() })
        }
    }
}

/// A sequence bound to a lifespan: the info that feeds it, and how to finish it.
struct BoundSequence: Sendable {
    let info: NotificationInfo
    let finish: @Sendable () -> Void
}

extension NotificationEngine {
    /// Starts the info that feeds a sequence and keeps it until its lifespan stops or the engine goes away.
    ///
    /// - Returns: The sequence's id, or `nil` when the info's lifespan is not active: then nothing was started, and
    ///   the caller finishes the sequence at once.
    func bindSequence(
        _ info: NotificationInfo,
        fileID: String,
        line: Int,
        finish: @escaping @Sendable () -> Void
    ) -> UInt64? {
        var effects = Effects()
        var finished = false
        let id = registry.withLock { () -> UInt64? in
            if case .finished = state.phase { finished = true }
            guard !finished, state.active.contains(info.lifespan) else { return nil }
            reportConflict(of: info, into: &effects)
            state.lastSequenceID += 1
            let id = state.lastSequenceID
            state.sequences[id] = BoundSequence(info: info, finish: finish)
            info.listener.start(byHold: false, into: &effects)
            return id
        }
        if finished { reportFinished("a sequence of \(info)", fileID: fileID, line: line) }
        effects.perform(on: center, fileID: fileID, line: line)
        return id
    }

    /// Stops and forgets the sequence `id`, if the engine still holds it (its consumer stopped iterating).
    func unbindSequence(_ id: UInt64) {
        var effects = Effects()
        let sequence = registry.withLock { () -> BoundSequence? in
            guard let sequence = state.sequences.removeValue(forKey: id) else { return nil }
            sequence.info.listener.stop(into: &effects)
            depart(sequence.info.listener, keeping: &effects)
            return sequence
        }
        effects.perform(on: center)
        withExtendedLifetime(sequence) {}
    }

    /// Stops and removes the sequences of `lifespan` (of every lifespan for `nil`), under the lock; their
    /// registrations are removed and the sequences finished after it, with the other `effects`: every registration
    /// first, so that no sequence ends while another of the same stop still stands (a message sequence takes every
    /// call of its registration until it is removed).
    func endSequences(of lifespan: Lifespan?, into effects: inout Effects) {
        // Most engines have none: appending even an empty array to the effects made a buffer on every stop.
        guard !state.sequences.isEmpty else { return }
        var finishes: [Effects.Effect] = []
        for (id, sequence) in state.sequences where lifespan == nil || sequence.info.lifespan == lifespan {
            // A message sequence's finish only marks its stop (it ends once the calls its registration took have
            // run), before the removal: from then on it holds what it reads until it knows that count.
            if sequence.info.isMessageInfo {
                effects.list.append(.finish(sequence))
            } else {
                finishes.append(.finish(sequence))
            }
            sequence.info.listener.stop(into: &effects)
            depart(sequence.info.listener, keeping: &effects)
            state.sequences[id] = nil
        }
        effects.list += finishes
    }
}
