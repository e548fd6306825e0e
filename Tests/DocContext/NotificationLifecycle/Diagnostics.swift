// "Diagnostics": the context its prose gives the reader, "here `logger` is a swift-log `Logger`", as a stand-in with
// the same `warning(_:)` (the package depends on nothing, swift-log included).

/// Stands in for swift-log's `Logger`, a `Sendable` struct.
nonisolated struct Logger: Sendable {
    func warning(_ message: @autoclosure () -> String) { _ = message() }
}

// `nonisolated`: the article's block runs as top-level code, which Swift 5 mode does not put on the main actor, and
// a global is main-actor in a module whose default isolation is MainActor.
nonisolated let logger = Logger()
