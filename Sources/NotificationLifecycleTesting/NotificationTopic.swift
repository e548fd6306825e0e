public import Foundation
import NotificationLifecycle

/// What a listener listens to: a notification name, or a typed message type.
///
/// Every expectation that names what is listened to or delivered takes a topic:
///
/// ```swift
/// @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
/// @Test @MainActor func topicsOfTheScreen() {
///     expectListening(screen, to: .name(.storeDidChange))
///     expectListening(screen, to: .message(ThemeDidChange.self))
///     expectDelivered(.message(ThemeDidChange.self), in: recorder)
/// }
/// ```
///
/// Two topics are equal when they name the same notification name, or the same message type.
public struct NotificationTopic: Hashable, Sendable {
    /// The message type's identity; `nil` for a notification name.
    private let messageType: ObjectIdentifier?
    /// The notification's name, or the message type's `String(reflecting:)` name, which the info's name also is.
    private let rawName: String

    /// Notifications posted with `name`.
    public static func name(_ name: Notification.Name) -> NotificationTopic {
        NotificationTopic(messageType: nil, rawName: name.rawValue)
    }

    /// Typed messages of `type`: a `NotificationCenter.MainActorMessage` or `NotificationCenter.AsyncMessage`.
    public static func message<Message>(_ type: Message.Type) -> NotificationTopic {
        NotificationTopic(messageType: ObjectIdentifier(type), rawName: String(reflecting: type))
    }
}

extension NotificationTopic {
    /// The topic an info listens to; `nil` for an info that receives every notification.
    init?(of info: NotificationInfo) {
        guard let name = info.name else { return nil }
        self.init(messageType: info.messageTypeID, rawName: name.rawValue)
    }

    /// `notification storeDidChange`, or `message ThemeDidChange`: the topic in a sentence, where a bare name could
    /// read as a type.
    var sentenceText: String { messageType == nil ? "notification " + text : text }

    /// `storeDidChange`, or `message ThemeDidChange` (the type without its module).
    var text: String {
        guard messageType != nil else { return rawName }
        return "message " + (rawName.split(separator: ".", maxSplits: 1).last.map(String.init) ?? rawName)
    }
}
