import Foundation
import NotificationLifecycle

/// An object held weakly, so that a value the test keeps never keeps the object alive. `@unchecked Sendable`: a weak
/// reference is loaded atomically, and the object is only handed out, never used here.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object?) { self.object = object }
}

/// What a listening or delivery expectation narrows to: a topic, sender filter, lifespan, handler and (for
/// deliveries) a predicate; `nil` parts match anything.
struct Narrowing: Sendable {
    var topic: NotificationTopic?
    var sender: SenderFilter?
    var lifespan: Lifespan?
    var handler: NotificationHandler?
    var predicate: (@Sendable (RecordedDelivery) -> Bool)?

    func matchesTopic(_ registration: NotificationRegistration) -> Bool { topic == nil || topic == registration.topic }

    func matches(_ registration: NotificationRegistration) -> Bool {
        matchesTopic(registration) && (sender.map { $0 == registration.sender } ?? true)
            && (lifespan.map { $0 == registration.lifespan } ?? true)
            && (handler.map { $0 == registration.handler } ?? true)
    }

    /// A delivery matches by topic, handler, lifespan and predicate (a delivery has no sender filter).
    func matches(_ delivery: RecordedDelivery) -> Bool {
        (topic.map { $0 == delivery.topic } ?? true) && (handler.map { $0 == delivery.handler } ?? true)
            && (lifespan.map { $0 == delivery.lifespan } ?? true) && (predicate?(delivery) ?? true)
    }

    /// ` to ping (sender: any, lifespan: visible, handler: didPing:)`, naming only what was asked.
    var phrase: String {
        let parts = [sender.map { "sender: \($0.description)" }, lifespan.map { "lifespan: \($0)" }]
        let named = (parts + [handler.map { "handler: \($0.description)" }]).compactMap { $0 }
        return (topic.map { " to \($0.text)" } ?? "")
            + (named.isEmpty ? "" : " (" + named.joined(separator: ", ") + ")")
    }
}

/// What an inspection looks at: a controller's infos and engine, or one standalone info.
struct InspectedSubject {
    /// `ScreenController`, or `the info NotificationInfo(name: …)`.
    let name: String
    let infos: [NotificationInfo]
    /// The engine whose lifespans explain why an info does not listen; `nil` for a standalone info.
    let engine: NotificationEngine?
    /// How the subject's own code reaches its lifecycle calls: `appear()` on a `ControllerBase`, through
    /// `notificationEngine.` on another owner (which has no `appear()` of its own).
    var lifecycleCallPrefix = ""

    init(owner: some NotificationEngineOwner) {
        name = "\(type(of: owner))"
        infos = owner.notificationEngine.infos
        engine = owner.notificationEngine
        if !(owner is ControllerBase) { lifecycleCallPrefix = "notificationEngine." }
    }

    init(info: NotificationInfo) {
        name = "the info \(info)"
        infos = [info]
        engine = nil
    }

    var isStandaloneInfo: Bool { engine == nil }

    /// The subject's registrations as a table, rows in `marked` flagged by `>`.
    func registrationsTable(_ registrations: [NotificationRegistration], marked: Set<Int> = []) -> String {
        let names = engine?.activeLifespans.map(\.description).sorted()
        let active = names.map { "; active lifespans: " + ($0.isEmpty ? "none" : $0.joined(separator: ", ")) }
        let header = ["name", "sender", "lifespan", "handler", "state", "declared at"]
        return "Registrations of \(isStandaloneInfo ? "the info" : name) (\(registrations.count)\(active ?? "")):\n"
            + numberedTable(header, rows: registrations.count, mark: ">", where: marked.contains) {
                registrations[$0].cells + [declarationSite(infos[$0])]
            }
    }
}

/// The checks behind the listening and registration expectations: each answers the failure, or `nil` when the
/// expectation holds.
extension InspectedSubject {
    func listening(_ query: Narrowing) -> InspectionFailure? {
        guard let (reason, registrations, marked) = whyNotListening(query) else { return nil }
        let summary = "Expected \(name) to be listening\(query.phrase), but \(reason)"
        return InspectionFailure(summary: summary, details: registrationsTable(registrations, marked: marked))
    }

    /// Why the subject does not listen as `query` asks (`it has no info for …`, `its matching info (row 2) does not
    /// listen: …`, `none of its matching infos (rows 2, 4) listens; row 2: …`), with its registrations and the rows
    /// that matter; `nil` when it listens.
    func whyNotListening(
        _ query: Narrowing
    ) -> (reason: String, registrations: [NotificationRegistration], marked: Set<Int>)? {
        let registrations = infos.map(NotificationRegistration.init)
        let onTopic = registrations.indices.filter { query.matchesTopic(registrations[$0]) }
        let matching = onTopic.filter { query.matches(registrations[$0]) }
        if matching.contains(where: { registrations[$0].isListening }) { return nil }
        let reason: String
        if onTopic.isEmpty {
            reason =
                isStandaloneInfo
                ? "it is an info for \(registrations[0].topic?.text ?? "every notification")."
                : "it has no info for \(query.topic?.text ?? "any topic"). Declare one in populateNotificationInfos(), "
                    + "or check the name the poster uses."
        } else if matching.isEmpty {
            let has = onTopic.map { "row \($0 + 1): " + registrations[$0].summary }.joined(separator: "; ")
            reason =
                isStandaloneInfo
                ? "it does not match: it is \(registrations[0].summary)."
                : "none of its infos for \(query.topic?.text ?? "that topic") matches; it has \(has)."
        } else {
            let rows = matching.map { "\($0 + 1)" }.joined(separator: ", ")
            // Several matching infos: the reason is the first one's, named by its row.
            let which =
                isStandaloneInfo
                ? "it does not listen: "
                : matching.count == 1
                    ? "its matching info (row \(rows)) does not listen: "
                    : "none of its matching infos (rows \(rows)) listens; row \(matching[0] + 1): "
            reason = which + notListeningReason(infos[matching[0]])
        }
        return (reason, registrations, Set(matching.isEmpty ? onTopic : matching))
    }

    func notListening(_ query: Narrowing) -> InspectionFailure? {
        let registrations = infos.map(NotificationRegistration.init)
        let listening = registrations.indices.filter {
            query.matches(registrations[$0]) && registrations[$0].isListening
        }
        guard !listening.isEmpty else { return nil }
        let rows = listening.map { "\($0 + 1)" }.joined(separator: ", ")
        let what =
            isStandaloneInfo
            ? "it is."
            : "\(listening.count) matching info\(listening.count == 1 ? " listens" : "s listen") (row \(rows))."
        let summary = "Expected \(name) not to be listening\(query.phrase), but \(what)"
        return InspectionFailure(summary: summary, details: registrationsTable(registrations, marked: Set(listening)))
    }

    /// An owner's registrations against `expected`, in declaration order.
    func registrations(_ expected: [NotificationRegistration]) -> InspectionFailure? {
        let actual = infos.map(NotificationRegistration.init)
        let differs: (Int) -> Bool = { $0 >= expected.count || $0 >= actual.count || expected[$0] != actual[$0] }
        let differing = (0..<max(expected.count, actual.count)).filter(differs)
        guard !differing.isEmpty else { return nil }
        var reason = expected.count == actual.count ? "" : "it has \(actual.count); "
        reason += "row\(differing.count == 1 ? "" : "s") \(differing.map { "\($0 + 1)" }.joined(separator: ", "))"
        reason += differing.count == 1 ? " differs." : " differ."
        let columns = ["sender", "lifespan", "handler", "state"]
        let header = ["expected name"] + columns + ["|", "actual name"] + columns + ["declared at"]
        let missing = ["-", "", "", "", ""]
        let table = numberedTable(header, rows: max(expected.count, actual.count), mark: "!", where: differs) {
            (expected.indices.contains($0) ? expected[$0].cells : missing) + ["|"]
                + (actual.indices.contains($0) ? actual[$0].cells : missing)
                + [infos.indices.contains($0) ? declarationSite(infos[$0]) : ""]
        }
        let summary = "Expected \(name) to have these \(expected.count) registrations in declaration order, but "
        let heading = "Expected and actual registrations of \(name) (rows that differ are marked !):\n"
        return InspectionFailure(summary: summary + reason, details: heading + table)
    }

    /// Why `info` does not listen: what the info itself knows (an unknown selector, a released observer or sender),
    /// else what the engine's lifespans tell, with the call that would start it.
    private func notListeningReason(_ info: NotificationInfo) -> String {
        if info.hasUnknownSelector {
            return "its selector \(info.selector ?? "") is not in its observer's notificationSelectors (reported "
                + "when the info was made), so it never listens. Add it to the table, or fix the name."
        }
        if info.needsObserver, info.observer == nil {
            return "its observer was released. Make a new info for a live observer."
        }
        if info.filtersBySender, info.object == nil {
            return "the sender it filters on was released. Make a new info for a live sender."
        }
        guard let engine, !engine.isActive(info.lifespan) else {
            return "it was stopped on its own: stopListening(), or the engine's remove(_:)."
        }
        switch info.lifespan {
        case .visible:
            return "its lifespan visible is not active. Call \(lifecycleCallPrefix)appear() first."
        case .lifetime:
            return "its lifespan lifetime is not active yet: the controller is still in populateNotificationInfos()."
        default:
            return
                "its lifespan \(info.lifespan) is not active. Call notificationEngine.start(.\(info.lifespan)) first."
        }
    }
}

/// The live infos of a center, with their observer and whether an engine owns them, as a table.
func centerTable(_ infos: [NotificationInfo]) -> String {
    let header = ["#", "name", "sender", "lifespan", "handler", "state", "observer", "owner", "declared at"]
    let rows = infos.enumerated().map { index, info in
        ["\(index + 1)"] + NotificationRegistration(info).cells + [info.observer.map { "\(type(of: $0))" } ?? "none"]
            + [info.isOwned ? "an engine" : "none", declarationSite(info)]
    }
    return renderedTable([header] + rows)
}

/// `Screen.swift:12`: the file and line that made the info.
func declarationSite(_ info: NotificationInfo) -> String { shortSite(info.fileID, info.line) }

/// The infos in a stable order for display: by declaration site.
func sortedForDisplay(_ infos: [NotificationInfo]) -> [NotificationInfo] {
    infos.sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
}

/// `Screen.swift:12`: the last component of a `#fileID` and a line, as failure messages name a site.
func shortSite(_ fileID: String, _ line: some BinaryInteger) -> String {
    "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
}

/// Rows `0..<count`, each a mark column (`mark` where `isMarked` holds), its number from 1, then `cells`: the layout
/// of every table of this module but the lifecycle steps and a center's infos.
func numberedTable(
    _ header: [String],
    rows count: Int,
    mark: String,
    where isMarked: (Int) -> Bool,
    _ cells: (Int) -> [String]
) -> String {
    renderedTable([["", "#"] + header] + (0..<count).map { [isMarked($0) ? mark : "", "\($0 + 1)"] + cells($0) })
}

/// A plain-text table for failure messages that a person reads in a test log: left-aligned columns padded to their
/// widest cell, separated by two spaces, each line indented by two; trailing spaces are trimmed.
func renderedTable(_ rows: [[String]]) -> String {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
        // A short row's missing cells would be blank at its end, where the trailing spaces are trimmed anyway.
        var line = zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return "  " + line
    }
    .joined(separator: "\n")
}
