import NotificationLifecycle

/// Which senders a registration accepts: any sender, or one object.
///
/// An ``object(_:)`` filter compares the object's identity, not its value, and keeps only that identity: an
/// expectation never keeps the sender alive.
///
/// ```swift
/// @Test @MainActor func didSaveListensToTheStore() {
///     let didSave = NotificationInfo(
///         name: .storeDidSave,
///         object: store,
///         center: center
///     ) { _ in }
///     didSave.startListening()
///     expectListening(didSave, to: .name(.storeDidSave), sender: .object(store))
/// }
/// ```
///
/// A registration whose sender has been released shows `<released>` in failure tables; no filter matches it.
///
/// Two filters are equal when they accept the same senders.
public struct SenderFilter: Equatable, Sendable {
    /// The sender's identity; `nil` for any sender and for a released one, which their descriptions tell apart.
    private let id: ObjectIdentifier?
    /// The sender's type and short address, shown in tables. Compared too: one identity with another type is
    /// another object, made at the address of a released one.
    let description: String

    /// The registration accepts notifications from any sender (it was made with `object: nil`, or `.any`).
    public static let anySender = SenderFilter(id: nil, description: "any")

    /// The registration accepts only notifications (or messages) from `sender`, compared by identity.
    public static func object(_ sender: AnyObject) -> SenderFilter {
        let id = ObjectIdentifier(sender)
        let hex = String(UInt(bitPattern: id), radix: 16)
        // The last four hex digits tell two senders of one type apart in a table.
        return SenderFilter(id: id, description: "\(type(of: sender)) 0x…\(hex.suffix(4))")
    }
}

extension SenderFilter {
    /// The filter of `info` now.
    init(of info: NotificationInfo) {
        let released = SenderFilter(id: nil, description: "<released>")
        self = !info.filtersBySender ? .anySender : info.object.map { .object($0) } ?? released
    }
}
