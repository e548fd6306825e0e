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
        var table = TextTable(header: ["", "#", "name", "sender", "lifespan", "handler", "state", "declared at"])
        for (index, registration) in registrations.enumerated() {
            let mark = marked.contains(index) ? ">" : ""
            table.append([mark, "\(index + 1)"] + registration.cells + [declaration(of: infos[index])])
        }
        return table.rendered()
    }

    /// Expected and actual registrations side by side; rows that differ are flagged by `!`.
    static func comparison(
        expected: [NotificationRegistration],
        actual: [NotificationRegistration],
        infos: [NotificationInfo]
    ) -> String {
        var table = TextTable(
            header: [
                "", "#", "expected name", "sender", "lifespan", "handler", "state", "|", "actual name", "sender",
                "lifespan", "handler", "state", "declared at",
            ]
        )
        let missing = ["-", "", "", "", ""]
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            table.append(
                [(left.flatMap { left in right.map { left == $0 } } ?? false) ? "" : "!", "\(index + 1)"]
                    + (left?.cells ?? missing) + ["|"]
                    + (right?.cells ?? missing) + [index < infos.count ? declaration(of: infos[index]) : ""]
            )
        }
        return table.rendered()
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
    static func declaration(of info: NotificationInfo) -> String {
        let file = info.fileID.split(separator: "/").last.map(String.init) ?? info.fileID
        return "\(file):\(info.line)"
    }

    /// The infos in a stable order for display: by declaration site.
    static func sortedForDisplay(_ infos: [NotificationInfo]) -> [NotificationInfo] {
        infos.sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    }
}
