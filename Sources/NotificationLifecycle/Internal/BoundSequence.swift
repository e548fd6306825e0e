/// A lifespan-bound sequence as its engine holds it: the info that feeds it, and how to finish it.
///
/// The engine stops the info under its lock when the lifespan stops, then calls ``finish`` after releasing the lock
/// (finishing runs the sequence's termination handler, which calls back into the engine).
struct BoundSequence: Sendable {
    /// The lifespan whose stop finishes the sequence.
    let lifespan: Lifespan
    /// The info whose handler yields into the sequence.
    let info: NotificationInfo
    /// Finishes the sequence: its consumer receives what is buffered, then the end.
    let finish: @Sendable () -> Void
}
