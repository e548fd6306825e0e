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
    private enum Kind: Hashable, Sendable {
        case anySender
        case object(ObjectIdentifier)
        case released
    }

    private let kind: Kind
    /// The sender's type and short address, shown in tables. Compared too: one identity with another type is
    /// another object, made at the address of a released one.
    let description: String

    private init(_ kind: Kind, description: String) {
        self.kind = kind
        self.description = description
    }

    /// The registration accepts notifications from any sender (it was made with `object: nil`, or `.any`).
    public static let anySender = SenderFilter(.anySender, description: "any")

    /// The registration accepts only notifications (or messages) from `sender`, compared by identity.
    public static func object(_ sender: AnyObject) -> SenderFilter {
        let id = ObjectIdentifier(sender)
        let hex = String(UInt(bitPattern: id), radix: 16)
        // The last four hex digits tell two senders of one type apart in a table.
        return SenderFilter(.object(id), description: "\(type(of: sender)) 0x…\(hex.suffix(4))")
    }

    /// The filter of `info` now.
    init(of info: NotificationInfo) {
        if !info.filtersBySender {
            self = .anySender
        } else if let sender = info.object {
            self = .object(sender)
        } else {
            self = SenderFilter(.released, description: "<released>")
        }
    }
}
