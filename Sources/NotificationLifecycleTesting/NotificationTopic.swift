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
    private enum Kind: Hashable, Sendable {
        case name(Notification.Name)
        /// The message type's identity and its `String(reflecting:)` name, which the info's name also is.
        case message(ObjectIdentifier, String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Notifications posted with `name`.
    public static func name(_ name: Notification.Name) -> NotificationTopic {
        NotificationTopic(.name(name))
    }

    /// Typed messages of `type`: a `NotificationCenter.MainActorMessage` or `NotificationCenter.AsyncMessage`.
    public static func message<Message>(_ type: Message.Type) -> NotificationTopic {
        NotificationTopic(.message(ObjectIdentifier(type), String(reflecting: type)))
    }

    /// The topic an info listens to; `nil` for an info that receives every notification.
    init?(of info: NotificationInfo) {
        guard let name = info.name else { return nil }
        if let messageType = info.messageTypeID {
            self.init(.message(messageType, name.rawValue))
        } else {
            self.init(.name(name))
        }
    }

    /// `notification storeDidChange`, or `message ThemeDidChange`: the topic in a sentence, where a bare name could
    /// read as a type.
    var sentenceText: String {
        switch kind {
        case .name: return "notification " + text
        case .message: return text
        }
    }

    /// `storeDidChange`, or `message ThemeDidChange` (the type without its module).
    var text: String {
        switch kind {
        case .name(let name):
            return name.rawValue
        case .message(_, let typeName):
            let unqualified = typeName.split(separator: ".", maxSplits: 1).last.map(String.init) ?? typeName
            return "message " + unqualified
        }
    }
}
