import Foundation

/// The subject type of the typed messages.
package final class MessageSubject: Sendable {
    package init() {}
}

/// A typed message delivered synchronously on the main actor.
package struct PingMainActorMessage: NotificationCenter.MainActorMessage {
    package typealias Subject = MessageSubject

    package init() {}
}

/// A typed message delivered to observers that run as tasks.
package struct PingAsyncMessage: NotificationCenter.AsyncMessage {
    package typealias Subject = MessageSubject

    package init() {}
}
