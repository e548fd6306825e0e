import Foundation
import NotificationLifecycle

/// A notification name narrowed by sender, lifespan and handler; `nil` parts match anything.
struct ListeningQuery {
    let name: Notification.Name?
    let sender: SenderFilter?
    let lifespan: Lifespan?
    let handler: NotificationHandler?

    func matchesName(_ registration: NotificationRegistration) -> Bool {
        name.map { $0 == registration.name } ?? true
    }

    func matches(_ registration: NotificationRegistration) -> Bool {
        matchesName(registration)
            && (sender.map { $0 == registration.sender } ?? true)
            && (lifespan.map { $0 == registration.lifespan } ?? true)
            && (handler.map { $0 == registration.handler } ?? true)
    }

    /// ` to ping (sender: any, lifespan: visible, handler: didPing:)`, naming only what was asked.
    var phrase: String {
        var text = name.map { " to \($0.rawValue)" } ?? ""
        let narrowing = narrowingParts
        if !narrowing.isEmpty { text += " (" + narrowing.joined(separator: ", ") + ")" }
        return text
    }

    /// `sender: any, lifespan: visible`: the narrowing alone.
    var narrowingParts: [String] {
        var parts: [String] = []
        if let sender { parts.append("sender: \(sender)") }
        if let lifespan { parts.append("lifespan: \(lifespan)") }
        if let handler { parts.append("handler: \(handler)") }
        return parts
    }
}
