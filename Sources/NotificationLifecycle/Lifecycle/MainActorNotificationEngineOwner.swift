public import Foundation

/// A `@MainActor` owner of a ``NotificationEngine``: its closure shorthands take main-actor closures.
///
/// View controllers and SwiftUI models are `@MainActor`. Adopt this protocol instead of ``NotificationEngineOwner``
/// (one declaration), and the shorthands' closures run on the main actor, so they use the owner's main-actor state
/// with no annotation (`.profileDidChange` is a notification name of yours):
///
/// ```swift
/// final class ProfileViewController: UIViewController,
///     MainActorNotificationEngineOwner {
///     let notificationEngine = NotificationEngine()
///     private(set) var reloads = 0
///
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         addVisibleNotificationInfo(forName: .profileDidChange) { screen, _ in
///             screen.reloadProfile()
///         }
///     }
///
///     override func viewWillAppear(_ animated: Bool) {
///         super.viewWillAppear(animated)
///         notificationEngine.appear()
///     }
///
///     override func viewDidDisappear(_ animated: Bool) {
///         super.viewDidDisappear(animated)
///         notificationEngine.disappear()
///     }
///
///     func reloadProfile() { reloads += 1 }
/// }
/// ```
///
/// ``ControllerBase`` adopts it, so its subclasses are main-actor and get these shorthands.
///
/// > Important: Adopted in a class's declaration, the protocol makes the whole class main-actor isolated (Swift
/// > infers a class's isolation from the conformances it declares). A `Sendable` class that should stay usable from
/// > any thread and only wants main-actor closures adopts it in an extension, which leaves the class's isolation
/// > alone:
/// >
/// > ```swift
/// > final class SyncStatus: NotificationEngineOwner, Sendable { … }
/// > extension SyncStatus: MainActorNotificationEngineOwner {}
/// > ```
///
/// A closure runs at once, on the posting thread, when the notification is posted on the main actor (the main thread or
/// queue); a post from anywhere else schedules it on the main actor, where the info checks again that it still listens
/// before calling it.
///
/// ## Topics
///
/// ### Declaring listeners
/// - ``addNotificationInfo(forName:object:lifespan:fileID:line:column:using:)``
/// - ``addLifetimeNotificationInfo(forName:object:fileID:line:column:using:)``
/// - ``addVisibleNotificationInfo(forName:object:fileID:line:column:using:)``
@MainActor
public protocol MainActorNotificationEngineOwner: NotificationEngineOwner {}

extension MainActorNotificationEngineOwner {
    // The shorthands only declare, so they are nonisolated: the owner's nonisolated code may call them too. Each
    // handler keeps its main-actor isolation.

    /// Adds an info whose main-actor closure receives the owner and the notification.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addNotificationInfo(forName: .themeDidChange, lifespan: .visible) {
    ///     screen, _ in screen.applyTheme()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name.
    ///   - object: Only notifications from this sender are delivered. Held weakly.
    ///   - lifespan: When the info listens.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call. Leave the default: with the file and line it identifies the closure.
    ///   - handler: Runs on the main actor with the owner, typed as its own class, and the notification. It is not
    ///     called once the owner is gone, and no later post reaches it once the info has stopped.
    /// - Returns: The info, or the one already added from the same place for the same name, sender and lifespan.
    @discardableResult
    nonisolated public func addNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        lifespan: Lifespan = .lifetime,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addOwnedInfo(.mainActorObserver(handler), name, object, lifespan, nil, (fileID, line, column))
    }

    /// Adds a lifetime info whose main-actor closure receives the owner and the notification.
    @discardableResult
    nonisolated public func addLifetimeNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addOwnedInfo(.mainActorObserver(handler), name, object, .lifetime, nil, (fileID, line, column))
    }

    /// Adds a visible info whose main-actor closure receives the owner and the notification.
    @discardableResult
    nonisolated public func addVisibleNotificationInfo(
        forName name: Notification.Name,
        object: AnyObject? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Notification) -> Void
    ) -> NotificationInfo {
        addOwnedInfo(.mainActorObserver(handler), name, object, .visible, nil, (fileID, line, column))
    }
}

@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
extension MainActorNotificationEngineOwner {
    /// Adds an info for an asynchronous message whose closure runs on the main actor.
    ///
    /// Foundation starts a task for each message; the closure runs in it on the main actor, after the info checks
    /// there that it still listens. Calls run in no particular order.
    ///
    /// ```swift
    /// // Excerpt: a call in a method of the owner
    /// addMessageInfo(for: DownloadDidFinish.self, lifespan: .visible) {
    ///     screen, message in
    ///     screen.showFinished(message.url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - messageType: The message type.
    ///   - subject: ``MessageSubject/any`` (the default), or ``MessageSubject/only(_:)`` one object, held weakly.
    ///   - lifespan: When the info listens.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    ///   - column: The column of the call; with the file and line it identifies the closure. Leave the default.
    ///   - handler: Receives the owner and the message, on the main actor.
    /// - Returns: The info, or the one already added from the same place for the same message, subject and
    ///   lifespan.
    @discardableResult
    nonisolated public func addMessageInfo<Message: NotificationCenter.AsyncMessage>(
        for messageType: Message.Type,
        subject: MessageSubject<Message.Subject> = .any,
        lifespan: Lifespan = .lifetime,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        using handler: @escaping @MainActor @Sendable (Self, Message) async -> Void
    ) -> NotificationInfo {
        let call: @MainActor @Sendable (AnyObject?, Message) async -> Void = { observer, message in
            guard let owner: Self = asOwner(observer) else { return }
            await handler(owner, message)
        }
        return addOwnedMessageInfo(subject.async(onMainActor: call), lifespan, (fileID, line, column))
    }
}
