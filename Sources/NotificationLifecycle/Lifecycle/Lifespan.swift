/// When a ``NotificationInfo`` should be listening.
///
/// A lifespan is a label, not a timer: the object that owns the info (a ``ControllerBase`` or a
/// ``NotificationEngine``) starts and stops every info of a lifespan together.
///
/// | Lifespan | Starts | Stops |
/// | --- | --- | --- |
/// | ``lifetime`` | at the end of the controller's `init` | at the controller's `deinit` |
/// | ``visible`` | on `appear()` | on `disappear()` and at `deinit` |
/// | ``custom(_:)`` | on `notificationEngine.start(.custom("name"))` | on `notificationEngine.stop(.custom("name"))` and at `deinit` |
///
/// Name a custom lifespan once. `nonisolated` lets any thread use it also in a module whose default isolation is
/// `MainActor` (an Xcode 26 app target), where a bare `static let` would belong to the main actor:
///
/// ```swift
/// extension Lifespan {
///     nonisolated static let editing = Lifespan.custom("editing")
/// }
/// ```
public struct Lifespan: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case lifetime
        case visible
        case custom(String)
    }

    private let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Listens from the end of the owner's initialisation until it is released.
    public static let lifetime = Lifespan(.lifetime)

    /// Listens while the owner is on screen: between `appear()` and `disappear()`.
    public static let visible = Lifespan(.visible)

    /// A named lifespan that the owner starts and stops itself, such as `.custom("editing")`.
    ///
    /// Any number of custom lifespans may exist; each is started and stopped on its own. Two custom lifespans
    /// are the same when their names are equal.
    ///
    /// - Parameter name: The lifespan's name. An empty name is reported as a mistake when an info is made with it.
    public static func custom(_ name: String) -> Lifespan {
        Lifespan(.custom(name))
    }

    /// The name of a custom lifespan, or `nil` for ``lifetime`` and ``visible``.
    var customName: String? {
        if case .custom(let name) = kind { return name }
        return nil
    }

    /// Which lifespan this is, without a custom one's name: a byte, which a listener keeps inline (the name, if any,
    /// out of line).
    enum Tag: UInt8 {
        case lifetime, visible, custom
    }

    var tag: Tag {
        switch kind {
        case .lifetime: return .lifetime
        case .visible: return .visible
        case .custom: return .custom
        }
    }

    /// `lifetime`, `visible`, or `custom("name")`.
    public var description: String {
        switch kind {
        case .lifetime: return "lifetime"
        case .visible: return "visible"
        case .custom(let name): return "custom(\"\(name)\")"
        }
    }
}

/// An engine's active lifespans: ``Lifespan/lifetime`` and ``Lifespan/visible`` as flags, so that a controller's
/// life and its `appear()` allocate nothing for them; custom ones in an array, as an engine has a few, and comparing
/// a few costs less than hashing one. The flags last, where the engine's phase fits beside them. Only under the
/// registry's lock.
struct ActiveLifespans {
    var custom: [Lifespan] = []
    var lifetime: Bool
    var visible = false

    var all: Set<Lifespan> { Set(custom + (lifetime ? [.lifetime] : []) + (visible ? [.visible] : [])) }

    func contains(_ lifespan: Lifespan) -> Bool {
        switch lifespan.tag {
        case .lifetime: lifetime
        case .visible: visible
        case .custom: custom.contains(lifespan)
        }
    }

    /// Marks `lifespan` active or not; answers whether it was active.
    mutating func mark(_ lifespan: Lifespan, active: Bool) -> Bool {
        let wasActive = contains(lifespan)
        switch lifespan.tag {
        case .lifetime: lifetime = active
        case .visible: visible = active
        case .custom where active && !wasActive: custom.append(lifespan)
        case .custom where !active && wasActive: custom.removeAll { $0 == lifespan }
        case .custom: break
        }
        return wasActive
    }
}
