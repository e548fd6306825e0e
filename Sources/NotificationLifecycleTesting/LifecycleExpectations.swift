import Foundation
public import NotificationLifecycle

/// Runs `steps` on `owner` in order and expects, after each, the topics its listening infos are registered for.
///
/// Every step runs, even after one did not match, so that a failure shows the whole script as a table: each step,
/// the topics expected, the topics found, and the lifespans active after it.
///
/// ```swift
/// @Test @MainActor func listensWhileVisible() {
///     expectLifecycle(of: screen, [
///         .initially(listening: [.name(.storeDidChange)]),
///         .appear(listening: [.name(.storeDidChange), .name(.themeDidChange)]),
///         .disappear(listening: [.name(.storeDidChange)]),
///     ])
/// }
/// ```
///
/// - Parameters:
///   - owner: A `ControllerBase` or any `NotificationEngineOwner`. `appear()`, `disappear()`, `start` and `stop`
///     steps act on its `notificationEngine`, as `ControllerBase` does.
///   - steps: The steps, in order.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectLifecycle(
    of owner: some NotificationEngineOwner,
    _ steps: [LifecycleStep],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    // Noted before the check, which usually passes: the first check in a test tells later off-task ones.
    let origin = FailureOrigin.about(owner.notificationEngine.center)
    let engine = owner.notificationEngine
    let after = steps.map { step in
        step.action(engine)
        let active = engine.activeLifespans.map(\.description).sorted().joined(separator: ", ")
        return (listening: engine.infos.filter(\.isListening).compactMap(NotificationTopic.init(of:)), active: active)
    }
    let failed = steps.indices.filter { sortedTexts(after[$0].listening) != sortedTexts(steps[$0].listening) }
    guard let first = failed.first else { return }
    let header = ["step", "expected listening", "|", "actual listening", "active"]
    let table = numberedTable(header, rows: steps.count, mark: "!", where: failed.contains) {
        [steps[$0].label, topicsText(steps[$0].listening), "|", topicsText(after[$0].listening), after[$0].active]
    }
    let subject = InspectedSubject(owner: owner)
    let registrations = subject.registrationsTable(subject.infos.map(NotificationRegistration.init))
    let which = failed.count == 1 ? "" : "steps \(failed.map { "\($0 + 1)" }.joined(separator: ", ")) did not match; "
    let summary =
        "Expected \(subject.name) to listen to the topics each step lists, but \(which)after step "
        + "\(first + 1) (\(steps[first].label)) "
        + difference(actual: after[first].listening, expected: steps[first].listening)
    let details = "Steps (those that did not match are marked !):\n" + table + "\n" + registrations
    check(InspectionFailure(summary: summary, details: details), fileID, filePath, line, column, origin: origin)
}

/// `it listens to A, B where the step lists B, C: A is not listed, C does not listen.`
private func difference(actual: [NotificationTopic], expected: [NotificationTopic]) -> String {
    let actualTexts = sortedTexts(actual)
    let expectedTexts = sortedTexts(expected)
    let extra = actualTexts.filter { !expectedTexts.contains($0) }
    let missing = expectedTexts.filter { !actualTexts.contains($0) }
    var parts: [String] = []
    if !extra.isEmpty { parts.append("\(extra.joined(separator: ", ")) \(extra.count == 1 ? "is" : "are") not listed") }
    if !missing.isEmpty {
        parts.append("\(missing.joined(separator: ", ")) \(missing.count == 1 ? "does" : "do") not listen")
    }
    // Same topics, different counts: one topic listened to by more or fewer infos than the step lists.
    if parts.isEmpty { parts.append("the number of listening infos per topic differs") }
    return "it listens to \(topicsText(actual)) where the step lists \(topicsText(expected)): "
        + parts.joined(separator: ", ") + "."
}

private func sortedTexts(_ topics: [NotificationTopic]) -> [String] { topics.map(\.text).sorted() }

private func topicsText(_ topics: [NotificationTopic]) -> String {
    topics.isEmpty ? "nothing" : sortedTexts(topics).joined(separator: ", ")
}
