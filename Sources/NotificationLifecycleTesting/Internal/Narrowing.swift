import Foundation
import NotificationLifecycle

/// What a listening or delivery expectation narrows to: a topic, sender filter, lifespan, handler and (for
/// deliveries) a predicate; `nil` parts match anything.
struct Narrowing: Sendable {
    var topic: NotificationTopic?
    var sender: SenderFilter?
    var lifespan: Lifespan?
    var handler: NotificationHandler?
    var predicate: (@Sendable (RecordedDelivery) -> Bool)?

    func matchesTopic(_ registration: NotificationRegistration) -> Bool {
        topic.map { $0 == registration.topic } ?? true
    }

    func matches(_ registration: NotificationRegistration) -> Bool {
        matchesTopic(registration)
            && (sender.map { $0 == registration.sender } ?? true)
            && (lifespan.map { $0 == registration.lifespan } ?? true)
            && (handler.map { $0 == registration.handler } ?? true)
    }

    /// A delivery matches by topic, handler, lifespan and predicate (a delivery has no sender filter).
    func matches(_ delivery: RecordedDelivery) -> Bool {
        (topic.map { $0 == delivery.topic } ?? true)
            && (handler.map { $0 == delivery.handler } ?? true)
            && (lifespan.map { $0 == delivery.lifespan } ?? true)
            && (predicate?(delivery) ?? true)
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
