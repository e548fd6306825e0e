public import Foundation

/// A base class that declares all its notification listeners in one place and starts and stops them with its
/// lifecycle.
///
/// Subclass it, override ``populateNotificationInfos()``, call super first, and declare every listener there:
///
/// ```swift
/// final class InboxScreen: ControllerBase {
///     override class var notificationSelectors: NotificationSelectorTable {
///         super.notificationSelectors.adding("storeDidChange:", InboxScreen.storeDidChange)
///     }
///
///     override func populateNotificationInfos() {
///         super.populateNotificationInfos()
///         addLifetimeNotificationInfo(forName: .storeDidChange, selector: "storeDidChange:")
///         addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in screen.applyTheme() }
///     }
///
///     func storeDidChange(_ notification: Notification) { … }
///     func applyTheme() { … }
/// }
/// ```
///
/// The base class calls ``populateNotificationInfos()`` once, during `init`, then starts the ``Lifespan/lifetime``
/// infos. ``appear(fileID:line:)`` starts the ``Lifespan/visible`` ones and ``disappear(fileID:line:)`` stops them.
/// Custom lifespans start and stop with
/// ``NotificationEngineOwner/startListeningForNotifications(withLifespan:fileID:line:)`` and
/// ``NotificationEngineOwner/stopListeningForNotifications(withLifespan:fileID:line:)``. At `deinit` the controller
/// stops every info it registered and touches no other registration on the center.
///
/// ## Threads
/// Every method of the base class is safe to call from any thread and from inside a handler. A subclass used from
/// several threads declares itself `@unchecked Sendable` and protects its own state; a `@MainActor` subclass
/// overrides ``populateNotificationInfos()`` as `nonisolated` and declares main-actor handlers with the
/// `onMainActor` shorthands (write the closure as `{ @MainActor owner, note in … }`).
open class ControllerBase: NotificationEngineOwner, NotificationSelectorResponder {
    /// The center the shorthand-made infos register with.
    public let notificationCenter: NotificationCenter

    /// The engine that holds this controller's infos and active lifespans.
    public let notificationEngine: NotificationEngine

    /// Makes a controller, calls ``populateNotificationInfos()`` once, and starts the lifetime infos.
    ///
    /// - Parameter notificationCenter: The center to register with. Tests pass their own `NotificationCenter()`.
    public init(notificationCenter: NotificationCenter = .default) {
        self.notificationCenter = notificationCenter
        self.notificationEngine = NotificationEngine(center: notificationCenter, lifetimeActive: false)
        notificationEngine.beginPopulating()
        populateNotificationInfos()
        if !notificationEngine.finishPopulating() {
            reportDiagnostic(
                .superNotCalled,
                "Expected \(type(of: self)).populateNotificationInfos() to call super.populateNotificationInfos(), "
                    + "but it did not. Call super first in populateNotificationInfos().",
                fileID: nil,
                line: nil
            )
        }
    }

    deinit {
        notificationEngine.stopAll()
    }

    /// Declares the controller's notification infos. Called once by `init`.
    ///
    /// Override this method to add your infos with the shorthands or ``NotificationEngineOwner/addNotificationInfo(_:fileID:line:)``;
    /// call super first. Do not call it yourself, and do not call ``appear(fileID:line:)`` or other lifecycle methods
    /// from it: both are reported and change nothing.
    ///
    /// > Important: The subclass's stored properties are initialised when this runs, but its `init` body after
    /// > `super.init` has not run yet.
    open func populateNotificationInfos() {
        switch notificationEngine.recordSuperCall() {
        case .first:
            return
        case .afterInfos(let count):
            reportDiagnostic(
                .superNotCalled,
                "Expected \(type(of: self)).populateNotificationInfos() to call super first, but \(count) info(s) "
                    + "were added before it. Call super first in populateNotificationInfos().",
                fileID: nil,
                line: nil
            )
        case .outsideInit:
            reportDiagnostic(
                .populateOutsideInit,
                "Expected populateNotificationInfos() to be called only by ControllerBase.init, but it was called "
                    + "on \(type(of: self)) later. Do not call it yourself; infos it adds again are refused as "
                    + "duplicates.",
                fileID: nil,
                line: nil
            )
        }
    }

    /// The selector names this controller answers. The base class answers none.
    ///
    /// Override this property to bind selector names to methods, starting from `super`'s table:
    ///
    /// ```swift
    /// override class var notificationSelectors: NotificationSelectorTable {
    ///     super.notificationSelectors.adding("keyboardWillShow:", Screen.keyboardWillShow)
    /// }
    /// ```
    open class var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
    }

    /// Whether the controller is on screen: ``appear(fileID:line:)`` was called and ``disappear(fileID:line:)`` not
    /// since.
    public var isAppeared: Bool {
        notificationEngine.isActive(.visible)
    }

    /// Starts the visible infos. Calling it again while appeared changes nothing.
    public func appear(fileID: String = #fileID, line: Int = #line) {
        notificationEngine.appear(fileID: fileID, line: line)
    }

    /// Stops the visible infos. Calling it again while not appeared changes nothing.
    public func disappear(fileID: String = #fileID, line: Int = #line) {
        notificationEngine.disappear(fileID: fileID, line: line)
    }
}
