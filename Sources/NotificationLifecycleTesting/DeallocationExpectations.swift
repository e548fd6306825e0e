public import Foundation
import NotificationLifecycle

/// Drops the test's reference to `object` and expects the object to be deallocated.
///
/// Pass the test's only strong reference, an optional variable: the function sets it to `nil` and checks, through a
/// weak reference, that nothing else keeps the object alive. When something does, the failure is recorded and the
/// variable holds the object again, so that the test can look at what kept it.
///
/// ```swift
/// @Test @MainActor func screenIsReleased() {
///     var screen: InboxScreen? = InboxScreen(notificationCenter: center)
///     screen?.appear()
///     expectDeallocated(&screen)
/// }
/// ```
///
/// When the object is still alive, the failure says what the package can tell about who holds it: the engine that
/// owns an info, the closure handlers of a controller (a closure that captures `self` strongly keeps its controller
/// alive), and the infos on its center that observe it or filter on it.
///
/// Another thread may hold the object for a moment (a post under way there, or the package's own bookkeeping, which
/// reads every live info now and then): the check waits up to one second for such a holder to let go before it fails.
///
/// - Parameters:
///   - object: The variable that holds the object: `nil` afterwards when the object was deallocated, the object
///     still when it was not. A variable that is already `nil` passes.
///   - center: The center to search for infos that name the object; by default its engine's center for an owner,
///     its own center for an info, and none for other objects.
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func expectDeallocated<Object: AnyObject>(
    _ object: inout Object?,
    center: NotificationCenter? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    guard let strong = object else { return }
    let typeName = "\(type(of: strong))"
    let center =
        center ?? (strong as? any NotificationEngineOwner)?.notificationEngine.center
        ?? (strong as? NotificationInfo)?.center
    weak let watched = strong
    object = nil
    _ = consume strong
    // Another thread may hold it for a moment: given a second to let go, with only a moment's strong reference per
    // check (one kept across the sleep would keep the object alive).
    let deadline = Date(timeIntervalSinceNow: DeallocationGrace.seconds)
    while watched != nil, Date() < deadline { usleep(1_000) }
    guard let survivor = watched else { return }
    // Given back before the failure is recorded: the test may look at it, and its message names what holds it.
    object = survivor
    let (clues, details) = holders(of: survivor, on: center)
    let summary = "Expected \(typeName) to be deallocated after its last reference was dropped, but it is still alive. "
    check(InspectionFailure(summary: summary + clues, details: details), fileID, filePath, line, column)
}

/// How long a dropped object is given to go. Only the package's own tests shorten it: each of their cases that fails
/// on purpose would otherwise hold the main actor for the whole second, and the tests running beside them wait.
package enum DeallocationGrace {
    @TaskLocal package static var seconds: TimeInterval = 1
}

/// Makes an object with `make`, drops it, and expects it to be deallocated.
///
/// Do everything the object needs inside `make` (start it, post to it) and return it; only a weak reference is kept
/// afterwards.
///
/// ```swift
/// @Test @MainActor func screenIsReleasedAfterAPost() {
///     expectDeallocated {
///         let screen = InboxScreen(notificationCenter: center)
///         screen.appear()
///         center.post(name: .storeDidChange, object: nil)
///         return screen
///     }
/// }
/// ```
///
/// - Parameters:
///   - center: The center to search for infos that name the object when it is still alive (see
///     ``expectDeallocated(_:center:fileID:filePath:line:column:)``).
///   - fileID: The caller's file; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - make: Makes and uses the object, and returns it.
public func expectDeallocated(
    center: NotificationCenter? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ make: () throws -> AnyObject
) rethrows {
    var object: AnyObject? = try make()
    expectDeallocated(&object, center: center, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// What the package can tell about what keeps `object` alive, as a sentence and details.
private func holders(of object: AnyObject, on center: NotificationCenter?) -> (String, String) {
    var clues: [String] = []
    var details = ""
    if let info = object as? NotificationInfo, info.isOwned {
        clues.append(
            "An engine owns it (it was added to a controller or a NotificationEngine): the engine holds it until "
                + "the owner is released or calls remove(_:)."
        )
    }
    if let owner = object as? any NotificationEngineOwner {
        let closures = owner.notificationEngine.infos.filter { $0.selector == nil }
        if !closures.isEmpty {
            let sites = closures.map(declarationSite).joined(separator: ", ")
            clues.append(
                "Its closure handlers (\(sites)) keep it alive if one captures it strongly: use the owner the "
                    + "shorthand passes to the closure instead of self, or capture [weak self]."
            )
        }
    }
    if let center {
        let naming = sortedForDisplay(
            RegistrationLedger.infos(on: center).filter { info in
                info !== object && (info.observer === object || (info.filtersBySender && info.object === object))
            }
        )
        if !naming.isEmpty {
            clues.append(
                "\(naming.count) info\(naming.count == 1 ? " names" : "s name") it as observer or sender; infos "
                    + "hold both weakly, so they keep it alive only through a closure that captures it."
            )
            details = "Infos on its center that name it:\n" + centerTable(naming)
        }
    }
    if clues.isEmpty {
        clues.append(
            "NotificationLifecycle holds observers and senders weakly, so no registration of this package keeps "
                + "it: look for another strong reference, such as a closure or a collection."
        )
    }
    return (clues.joined(separator: " "), details)
}
