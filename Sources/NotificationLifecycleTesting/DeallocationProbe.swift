public import Foundation
import NotificationLifecycle

/// A weak reference to an object that a test expects to be deallocated once it drops its last reference.
///
/// ```swift
/// var screen: InboxScreen? = InboxScreen(notificationCenter: center)
/// let probe = DeallocationProbe(screen!)
/// screen = nil
/// try NotificationLifecycleInspection.expectDeallocated(probe)
/// ```
///
/// The probe also remembers the center to search when the object is still alive, so that a failure can list the
/// infos that name it: for a `NotificationEngineOwner` its engine's center, for a `NotificationInfo` its own
/// center, otherwise the `center` you pass.
public struct DeallocationProbe {
    private weak var object: AnyObject?
    /// The object's type, such as `InboxScreen`.
    public let typeName: String
    /// The center searched for infos that name the object, when it is still alive.
    public let center: NotificationCenter?

    /// Makes a probe that holds `object` weakly.
    ///
    /// - Parameters:
    ///   - object: The object expected to be deallocated.
    ///   - center: The center to search for infos that observe it or filter on it; by default its engine's
    ///     center for an owner, its own center for an info, and none for other objects.
    public init(_ object: AnyObject, center: NotificationCenter? = nil) {
        self.object = object
        self.typeName = "\(type(of: object))"
        if let center {
            self.center = center
        } else if let owner = object as? any NotificationEngineOwner {
            self.center = owner.notificationEngine.center
        } else if let info = object as? NotificationInfo {
            self.center = info.center
        } else {
            self.center = nil
        }
    }

    /// Whether the object has been deallocated.
    public var isDeallocated: Bool { object == nil }

    /// The object while it is alive.
    var liveObject: AnyObject? { object }
}
