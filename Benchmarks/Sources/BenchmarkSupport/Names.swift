package import Foundation

/// Notification names of the suite. Every benchmark makes its own `NotificationCenter()`.
package enum Names {
    /// The name of the one-listener benchmarks.
    package static let ping = Notification.Name("bench.ping")

    /// `count` distinct names, so that `count` infos of one owner are `count` distinct registrations.
    package static func numbered(_ count: Int, prefix: String) -> [Notification.Name] {
        (0..<count).map { Notification.Name("\(prefix).\($0)") }
    }
}
