extension NotificationInfo {
    /// Listens while `body` runs: starts, runs the body, stops.
    ///
    /// The info stops when the body returns or throws. If it was already listening before, it is still listening
    /// after. Nested and concurrent calls on one info keep it listening until the last one ends.
    ///
    /// ```swift
    /// let didSave = NotificationInfo(name: .storeDidSave, object: store) { note in changes.append(note) }
    /// try didSave.listen(during: { try store.save() })
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - body: The work to listen around.
    /// - Returns: What `body` returns.
    public func listen<Result>(
        fileID: String = #fileID,
        line: Int = #line,
        during body: () throws -> Result
    ) rethrows -> Result {
        report(beginHold(), fileID: fileID, line: line)
        defer { endHold() }
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
    public func listen<Result>(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        line: Int = #line,
        during body: () async throws -> Result
    ) async rethrows -> Result {
        report(beginHold(), fileID: fileID, line: line)
        defer { endHold() }
        return try await body()
    }
}
