import Foundation
package import NotificationLifecycle

/// Renders infos as a table: name, sender, lifespan, handler, listening.
///
/// Shared by the LifecycleDemo and SyncService examples, which print what their controllers registered.
package enum RegistrationTable {
    /// The table's lines, a header first.
    package static func lines(for infos: [NotificationInfo]) -> [String] {
        let header = ["name", "sender", "lifespan", "handler", "listening"]
        let rows = infos.map { info in
            [
                info.name?.rawValue ?? "<every notification>",
                senderText(of: info),
                "\(info.lifespan)",
                info.selector ?? "closure",
                info.isListening ? "yes" : "no",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { row in
            zip(row, widths).map { $0.padding(toLength: $1 + 2, withPad: " ", startingAt: 0) }.joined()
                .trimmingCharacters(in: .whitespaces)
        }
    }

    private static func senderText(of info: NotificationInfo) -> String {
        guard info.filtersBySender else { return "any" }
        return info.object.map { "\(type(of: $0))" } ?? "<released>"
    }
}
