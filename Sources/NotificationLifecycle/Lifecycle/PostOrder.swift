import Foundation

/// Yields a lifespan-bound message sequence in the order the messages were posted, and keeps every message posted
/// before its stop.
///
/// Foundation calls an asynchronous-message observer only from a task of its own, and runs those tasks in any order;
/// its own sequence (`messages(of:for:bufferSize:)`) is filled during each post, in post order, but does not end with
/// a lifespan. So the sequence reads Foundation's sequence, registered when it is made, for the order, and its info's
/// registration (which a stop removes) for where to end: Foundation takes one call of that registration for each post
/// made before the stop, and releases the registration's block once the last of them has run (``callsEnded()``). Until
/// the stop every message read is yielded at once; after it, the messages read are held until that count is known,
/// then the first ones up to it are yielded and the sequence finishes. A message posted while the stop runs may be
/// left out, as for any stop.
///
/// The two registrations cannot be made at one instant: a post from another thread between them reaches only
/// Foundation's sequence, which then holds one message more at its start than the count, and one of the last before
/// the stop may be left out for it (when it was not read before the stop). Neither registration tells which posts it
/// shares with the other (a message need not be `Equatable`, and Foundation's observer tasks run in any order), so
/// `messages(for:)` documents it.
final class PostOrder<Message: Sendable>: Sendable {
    private struct State {
        var stopped = false
        /// The calls Foundation took for the info's registration; final once ``callsEnded()`` ran.
        var taken = 0
        var callsEnded = false
        var yielded = 0
        /// Read from Foundation's sequence and not yielded yet.
        var held: [Message] = []
        /// Whether a thread is yielding: the others leave what they add to it, so that yields keep their order.
        var yielding = false
        var finished = false
        var reader: Task<Void, Never>?
    }

    private let state = LockedValueBox(State())
    private let yield: @Sendable (Message) -> Void
    private let finish: @Sendable () -> Void

    init(yield: @escaping @Sendable (Message) -> Void, finish: @escaping @Sendable () -> Void) {
        self.yield = yield
        self.finish = finish
    }

    /// Reads `messages`, Foundation's sequence, whose iterator registers now, so nothing posted after this returns
    /// is missed; `listener` is the info's, which holds the subject the messages are posted with, if there is one.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    func read<Messages: AsyncSequence & Sendable>(_ messages: Messages, for listener: Listener)
    where Messages.Element == Message, Messages.Failure == Never {
        let iterator = messages.makeAsyncIterator()
        // Strong: the reader keeps this alive until the sequence finishes, which cancels it. (Cancelled between two
        // reads, on another thread, it may stay suspended in Foundation's `next()`, which has removed its
        // registration by then: its task's memory is all that is left.) Weak: the listener keeps what ends the
        // sequence (its handler holds the ``SequenceEnd``), and is gone only after the stop.
        let reader = Task { [weak listener] in
            var iterator = iterator
            while !Task.isCancelled, let message = await iterator.next(isolation: nil) {
                // Foundation matches a subject by its address: read once the subject is gone, the message may be a
                // new object's made there. From then on the sequence holds what it reads, as after a stop, and yields
                // at its end only as many as the calls its info took, each of which checked the live subject.
                let subjectGone = listener.map { $0.declaration.filtersBySender && $0.sender == nil } ?? true
                advance { state in
                    if subjectGone { state.stopped = true }
                    state.held.append(message)
                }
            }
        }
        // Finished already (its registration was never made, or is gone): the reader is not needed.
        if state.withLock({ state in
            state.reader = reader
            return state.finished
        }) {
            reader.cancel()
        }
    }

    /// One call Foundation took for the info's registration.
    func callTaken() {
        state.withLock { $0.taken += 1 }
    }

    /// The info's lifespan stopped: what is read from now on is held until the count of calls is known.
    func stopped() {
        advance { $0.stopped = true }
    }

    /// The info's registration is gone and every call Foundation took for it has run: the count is final.
    func callsEnded() {
        advance { state in
            state.stopped = true
            state.callsEnded = true
        }
    }

    /// Changes the state, then yields what may be yielded now, in order, outside the lock, unless another thread is
    /// yielding (it yields this too); finishes the sequence once it has what was posted before the stop.
    private func advance(_ change: (inout State) -> Void) {
        var batch = state.withLock { state -> Batch? in
            change(&state)
            guard !state.yielding else { return nil }
            state.yielding = true
            return Self.take(&state)
        }
        while let current = batch {
            for message in current.messages { yield(message) }
            if current.finishes {
                finish()
                current.reader?.cancel()
            }
            batch = state.withLock { state -> Batch? in
                let next = Self.take(&state)
                guard next.messages.isEmpty, !next.finishes else { return next }
                state.yielding = false
                return nil
            }
        }
    }

    private struct Batch {
        var messages: [Message] = []
        var finishes = false
        var reader: Task<Void, Never>?
    }

    /// The messages that may be yielded now, and whether the sequence finishes after them.
    private static func take(_ state: inout State) -> Batch {
        var batch = Batch()
        guard !state.finished else { return batch }
        let allowed = state.stopped ? (state.callsEnded ? max(0, state.taken - state.yielded) : 0) : state.held.count
        let count = min(allowed, state.held.count)
        batch.messages = Array(state.held.prefix(count))
        state.held.removeFirst(count)
        state.yielded += count
        if state.callsEnded, state.yielded >= state.taken {
            state.finished = true
            state.held = []
            batch.finishes = true
            batch.reader = state.reader
            state.reader = nil
        }
        return batch
    }
}
