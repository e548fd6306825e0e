import Foundation
import NotificationLifecycle

/// A topic narrowed by sender, lifespan and handler; `nil` parts match anything.
struct ListeningQuery {
    let topic: NotificationTopic?
    let sender: SenderFilter?
    let lifespan: Lifespan?
    let handler: NotificationHandler?

    func matchesTopic(_ registration: NotificationRegistration) -> Bool {
        topic.map { $0 == registration.topic } ?? true
    }

    func matches(_ registration: NotificationRegistration) -> Bool {
        matchesTopic(registration)
            && (sender.map { $0 == registration.sender } ?? true)
            && (lifespan.map { $0 == registration.lifespan } ?? true)
            && (handler.map { $0 == registration.handler } ?? true)
    }

    /// ` to ping (sender: any, lifespan: visible, handler: didPing:)`, naming only what was asked.
    var phrase: String {
        var text = topic.map { " to \($0.text)" } ?? ""
        var parts: [String] = []
        if let sender { parts.append("sender: \(sender.description)") }
        if let lifespan { parts.append("lifespan: \(lifespan)") }
        if let handler { parts.append("handler: \(handler.description)") }
        if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
        return text
    }
}
