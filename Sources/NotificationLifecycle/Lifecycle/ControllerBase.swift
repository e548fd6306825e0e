public import Foundation

/// A base class that declares all its notification listeners in one place and starts and stops them with its
/// lifecycle.
///
/// Subclass it, override ``populateNotificationInfos()``, call super first, and declare every listener there
/// (`.storeDidChange` and `.themeDidChange` are notification names of yours):
///
/// ```swift
/// final class InboxScreen: ControllerBase {
///     nonisolated override class var notificationSelectors:
///         NotificationSelectorTable
///     {
///         super.notificationSelectors
///             .adding("storeDidChange:", onMainActor: {
///                 (screen: InboxScreen, note) in screen.storeDidChange(note)
///             })
///     }
///
///     override func populateNotificationInfos() {
///         super.populateNotificationInfos()
///         addLifetimeNotificationInfo(
///             forName: .storeDidChange, selector: "storeDidChange:")
///         addVisibleNotificationInfo(forName: .themeDidChange) { screen, _ in
///             screen.applyTheme()
///         }
///     }
///
///     func storeDidChange(_ notification: Notification) {}
///     func applyTheme() {}
/// }
/// ```
///
/// The base class calls ``populateNotificationInfos()`` once, during `init`, then starts the ``Lifespan/lifetime``
/// infos. ``appear(fileID:line:)`` starts the ``Lifespan/visible`` ones and ``disappear(fileID:line:)`` stops them.
/// Custom lifespans start and stop with `notificationEngine.start(.custom("name"))` and
/// `notificationEngine.stop(.custom("name"))`. At `deinit` the controller stops every info it registered and
/// touches no other registration on the center.
///
/// ## Threads
/// A controller is `@MainActor`, and so is every subclass, in every module setting: its closures and selector
/// methods run on the main actor and use the subclass's state with no annotation. A post on the main actor calls them
/// at once; a post from another thread schedules them there, and a listener stopped before they run is not called.
/// Make, appear and disappear a controller on the main actor; from another thread, use its ``notificationEngine``,
/// which is `Sendable`. A class that cannot subclass, or a service that is not main-actor, owns a
/// ``NotificationEngine`` instead (see ``NotificationEngineOwner``).
///
/// ## Topics
///
/// ### Declaring listeners
/// - ``populateNotificationInfos()``
/// - ``notificationSelectors``
/// - ``addNotificationInfo(forName:object:lifespan:queue:fileID:line:column:using:)``
/// - ``addNotificationInfo(forName:selector:object:lifespan:fileID:line:)``
/// - ``addMessageInfo(for:subject:lifespan:fileID:line:column:using:)-1q3pz``
/// - ``addMessageInfo(for:subject:lifespan:fileID:line:column:using:)-3g9ds``
///
/// ### BTIKit's names
///
/// The names of BTIKit's `BTIViewController`, the Objective-C class this package's design comes from, kept for code
/// ported from it: each names its lifespan and forwards to ``addNotificationInfo(forName:object:lifespan:queue:fileID:line:column:using:)`` or ``addNotificationInfo(forName:selector:object:lifespan:fileID:line:)`` with `lifespan: .lifetime` or
/// `.visible`.
///
/// - ``addLifetimeNotificationInfo(forName:object:queue:fileID:line:column:using:)``
/// - ``addVisibleNotificationInfo(forName:object:queue:fileID:line:column:using:)``
/// - ``addLifetimeNotificationInfo(forName:selector:object:fileID:line:)``
/// - ``addVisibleNotificationInfo(forName:selector:object:fileID:line:)``
///
/// ### The lifecycle
/// - ``init(notificationCenter:fileID:line:)``
/// - ``appear(fileID:line:)``
/// - ``disappear(fileID:line:)``
/// - ``notificationEngine``
@MainActor
open class ControllerBase: MainActorNotificationEngineOwner, NotificationSelectorResponder {
    /// The engine that holds this controller's infos and active lifespans; its ``NotificationEngine/center`` is the
    /// center the shorthands register with.
    nonisolated public let notificationEngine: NotificationEngine

    /// Makes a controller, calls ``populateNotificationInfos()`` once, and starts the lifetime infos.
    ///
    /// - Parameters:
    ///   - notificationCenter: The center to register with. Tests pass their own `NotificationCenter()`.
    ///   - fileID: The file of the call, for diagnostics. Leave the default.
    ///   - line: The line of the call, for diagnostics. Leave the default.
    public init(notificationCenter: NotificationCenter = .default, fileID: String = #fileID, line: Int = #line) {
        self.notificationEngine = NotificationEngine(center: notificationCenter, lifetimeActive: false)
        // An info made with `center: nil` in populate registers with this controller's center. With `.default` and
        // no outer controller populating, that is what nil means anyway, so the task-local binding, which costs a
        // measurable part of a controller's life, is made only for other centers or inside another's populate.
        if notificationCenter === NotificationCenter.default, NotificationEngine.populatingCenter == nil {
            populateNotificationInfos()
        } else {
            NotificationEngine.$populatingCenter.withValue(notificationCenter) { populateNotificationInfos() }
        }
        if !notificationEngine.finishPopulating(fileID: fileID, line: line) {
            let first = notificationEngine.infos.first
            // The superclasses whose populateNotificationInfos() did not run.
            let skipped = sequence(first: Mirror(reflecting: self), next: \.superclassMirror).dropFirst()
                .prefix { $0.subjectType != ControllerBase.self }.map { "\($0.subjectType)" }
            // A problem of the class's declaration: reported once per line and class, however many it makes.
            Misuse.superNotCalled(type: "\(type(of: self))", skipped: skipped)
                .report(
                    first?.fileID ?? fileID,
                    first?.line ?? line,
                    about: notificationEngine.center,
                    once: "\(type(of: self))"
                )
        }
    }

    deinit {
        notificationEngine.stopAll()
    }

    /// Declares the controller's notification infos. Called once by `init`.
    ///
    /// Override this method to add your infos with the shorthands or `notificationEngine.add(_:)`;
    /// call super first. Do not call it yourself, and do not call ``appear(fileID:line:)`` or other lifecycle methods
    /// from it: both are reported and change nothing.
    ///
    /// > Important: The subclass's stored properties are initialised when this runs, but its `init` body after
    /// > `super.init` has not run yet.
    open func populateNotificationInfos() {
        notificationEngine.recordSuperCall(of: "\(type(of: self))")
    }

    /// The selector names this controller answers. The base class answers none. Read from any thread, so an
    /// override is `nonisolated`; bind the controller's main-actor methods with `adding(_:onMainActor:)`.
    ///
    /// Override this property to bind selector names to methods, starting from `super`'s table (a member of a
    /// subclass `Screen`, shown outside it):
    ///
    /// ```swift
    /// // Excerpt: a member of Screen, a ControllerBase subclass
    /// nonisolated override class var notificationSelectors:
    ///     NotificationSelectorTable
    /// {
    ///     super.notificationSelectors
    ///         .adding("keyboardWillShow:", onMainActor: {
    ///             (screen: Screen, note) in screen.keyboardWillShow(note)
    ///         })
    /// }
    /// ```
    nonisolated open class var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
    }

    /// Starts the visible infos. Calling it again while appeared changes nothing.
    public func appear(fileID: String = #fileID, line: Int = #line) {
        notificationEngine.appear(fileID: fileID, line: line)
    }

    /// Stops the visible infos. Calling it again while not appeared changes nothing.
    ///
    /// A handler of a post already under way on another thread may still run after it returns; teardown that frees
    /// what a handler uses awaits `notificationEngine.waitForStoppedHandlers()` first.
    public func disappear(fileID: String = #fileID, line: Int = #line) {
        notificationEngine.disappear(fileID: fileID, line: line)
    }
}
