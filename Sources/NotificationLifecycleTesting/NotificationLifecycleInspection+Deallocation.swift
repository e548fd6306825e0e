public import Foundation
import NotificationLifecycle

extension NotificationLifecycleInspection {
    /// Expects the object `probe` watches to have been deallocated.
    ///
    /// When it is still alive, the failure says what the package can tell about who holds it: the engine that
    /// owns an info, the closure handlers of a controller (a closure that captures `self` strongly keeps its
    /// controller alive), and the infos on its center that observe it or filter on it.
    ///
    /// ```swift
    /// var screen: InboxScreen? = InboxScreen(notificationCenter: center)
    /// let probe = DeallocationProbe(screen!)
    /// screen?.appear()
    /// screen = nil
    /// try NotificationLifecycleInspection.expectDeallocated(probe)
    /// ```
    public static func expectDeallocated(_ probe: DeallocationProbe) throws(NotificationInspectionFailure) {
        guard let object = probe.liveObject else { return }
        let (clues, details) = holders(of: object, center: probe.center)
        throw NotificationInspectionFailure(
            summary: "Expected \(probe.typeName) to be deallocated after its last reference was dropped, but it is "
                + "still alive. \(clues)",
            details: details
        )
    }

    /// Makes an object with `make`, drops it, and expects it to have been deallocated.
    ///
    /// Do everything the object needs inside `make` (start it, post to it) and return it; only a weak reference
    /// is kept afterwards.
    ///
    /// ```swift
    /// try NotificationLifecycleInspection.expectDeallocated {
    ///     let screen = InboxScreen(notificationCenter: center)
    ///     screen.appear()
    ///     center.post(name: .storeDidChange, object: nil)
    ///     return screen
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - center: The center to search for infos that name the object when it is still alive (see
    ///     ``DeallocationProbe/init(_:center:)``).
    ///   - make: Makes and uses the object, and returns it.
    public static func expectDeallocated(
        center: NotificationCenter? = nil,
        _ make: () throws -> AnyObject
    ) throws {
        let probe = DeallocationProbe(try make(), center: center)
        try expectDeallocated(probe) as Void
    }

    /// What the package can tell about what keeps `object` alive, as a sentence and details.
    private static func holders(of object: AnyObject, center: NotificationCenter?) -> (String, String) {
        var clues: [String] = []
        var details: [String] = []
        if let info = object as? NotificationInfo, info.ownerID != nil {
            clues.append(
                "An engine owns it (it was added to a controller or a NotificationEngine): the engine holds it "
                    + "until the owner is released or calls notificationEngine.remove(_:)."
            )
        }
        if let owner = object as? any NotificationEngineOwner {
            let closures = owner.notificationEngine.infos.filter { $0.selector == nil }
            if !closures.isEmpty {
                let sites = closures.map(RegistrationTable.declaration(of:)).joined(separator: ", ")
                clues.append(
                    "Its closure handlers (\(sites)) keep it alive if one captures it strongly: use the owner the "
                        + "shorthand passes to the closure instead of self, or capture [weak self]."
                )
            }
        }
        if let center {
            let naming = RegistrationTable.sortedForDisplay(
                RegistrationLedger.infos(on: center).filter { info in
                    info !== object && (info.observer === object || SenderFilter(of: info).isObject(object))
                }
            )
            if !naming.isEmpty {
                clues.append(
                    "\(naming.count) info\(naming.count == 1 ? " names" : "s name") it as observer or sender; infos "
                        + "hold both weakly, so they keep it alive only through a closure that captures it."
                )
                details.append("Infos on its center that name it:\n" + RegistrationTable.centerRows(naming))
            }
        }
        if clues.isEmpty {
            clues.append(
                "NotificationLifecycle holds observers and senders weakly, so no registration of this package keeps "
                    + "it: look for another strong reference, such as a closure or a collection."
            )
        }
        return (clues.joined(separator: " "), details.joined(separator: "\n"))
    }
}
