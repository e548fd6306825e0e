import Foundation

/// The subject type of the typed messages.
package final class MessageSubject: Sendable {
    package init() {}
}

/// A typed message delivered synchronously on the main actor.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
package struct PingMainActorMessage: NotificationCenter.MainActorMessage {
    package typealias Subject = MessageSubject

    package init() {}
}

/// A typed message delivered to observers that run as tasks.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
package struct PingAsyncMessage: NotificationCenter.AsyncMessage {
    package typealias Subject = MessageSubject

    package init() {}
}
