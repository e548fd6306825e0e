import Foundation
import NotificationLifecycle

/// The tables that failure messages show: a subject's registrations, a side-by-side comparison, a center's infos.
enum RegistrationTable {
    /// The registrations of one subject, one row each, with `marked` rows flagged by `>`.
    static func rows(
        _ registrations: [NotificationRegistration],
        of infos: [NotificationInfo],
        marked: Set<Int> = []
    ) -> String {
        let header = ["name", "sender", "lifespan", "handler", "state", "declared at"]
        return TextTable.numbered(header, rows: registrations.count, mark: ">", where: marked.contains) {
            registrations[$0].cells + [declaration(of: infos[$0])]
        }
    }

    /// Expected and actual registrations side by side; rows that differ are flagged by `!`.
    static func comparison(
        expected: [NotificationRegistration],
        actual: [NotificationRegistration],
        infos: [NotificationInfo]
    ) -> String {
        let header = [
            "expected name", "sender", "lifespan", "handler", "state", "|", "actual name", "sender", "lifespan",
            "handler", "state", "declared at",
        ]
        let missing = ["-", "", "", "", ""]
        let differs: (Int) -> Bool = { $0 >= expected.count || $0 >= actual.count || expected[$0] != actual[$0] }
        return TextTable.numbered(header, rows: max(expected.count, actual.count), mark: "!", where: differs) {
            (expected.indices.contains($0) ? expected[$0].cells : missing) + ["|"]
                + (actual.indices.contains($0) ? actual[$0].cells : missing)
                + [infos.indices.contains($0) ? declaration(of: infos[$0]) : ""]
        }
    }

    /// The live infos of a center, with their observer and whether an engine owns them.
    static func centerRows(_ infos: [NotificationInfo]) -> String {
        var table = TextTable(
            header: ["#", "name", "sender", "lifespan", "handler", "state", "observer", "owner", "declared at"]
        )
        for (index, info) in infos.enumerated() {
            let observer = info.observer.map { "\(type(of: $0))" } ?? "none"
            let owner = info.ownerID == nil ? "none" : "an engine"
            table.append(
                ["\(index + 1)"] + NotificationRegistration(info).cells + [observer, owner, declaration(of: info)]
            )
        }
        return table.rendered()
    }

    /// `Screen.swift:12`: the file and line that made the info.
    static func declaration(of info: NotificationInfo) -> String { shortSite(info.fileID, info.line) }

    /// The infos in a stable order for display: by declaration site.
    static func sortedForDisplay(_ infos: [NotificationInfo]) -> [NotificationInfo] {
        infos.sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    }
}
