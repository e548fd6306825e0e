public import NotificationLifecycle

/// Which senders a registration accepts: any sender, one object, or one object that has since been released.
///
/// Two filters are equal when they accept the same senders: an ``object(_:)`` filter compares the object's
/// identity, not its value.
///
/// ```swift
/// try NotificationLifecycleInspection.expectListening(screen, to: .storeDidSave, sender: .object(store))
/// ```
public struct SenderFilter: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case anySender
        case object(ObjectIdentifier)
        case released
    }

    private let kind: Kind
    /// The sender's type and address, shown in tables; not part of equality.
    private let label: String

    private init(_ kind: Kind, label: String) {
        self.kind = kind
        self.label = label
    }

    /// The registration accepts notifications from any sender (it was made with `object: nil`).
    public static let anySender = SenderFilter(.anySender, label: "any")

    /// The registration accepts only notifications posted by `sender`, compared by identity.
    ///
    /// The filter keeps only the object's identity, not the object: a test that builds an expectation does not
    /// keep the sender alive.
    public static func object(_ sender: AnyObject) -> SenderFilter {
        let id = ObjectIdentifier(sender)
        return SenderFilter(.object(id), label: "\(type(of: sender)) \(Self.shortAddress(id))")
    }

    /// The registration filtered on a sender that has been released: it can never deliver again.
    public static let released = SenderFilter(.released, label: "<released>")

    /// The filter of `info` now.
    public init(of info: NotificationInfo) {
        if !info.filtersBySender {
            self = .anySender
        } else if let sender = info.object {
            self = .object(sender)
        } else {
            self = .released
        }
    }

    /// Whether `sender` is the object this filter accepts (`false` for ``anySender`` and ``released``).
    public func isObject(_ sender: AnyObject) -> Bool {
        kind == .object(ObjectIdentifier(sender))
    }

    /// `any`, the sender's type and short address such as `Store 0x…3f20`, or `<released>`.
    public var description: String { label }

    /// Whether two filters accept the same senders.
    public static func == (lhs: SenderFilter, rhs: SenderFilter) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the filter's kind and sender identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }

    /// The last four hex digits of an object's address: enough to tell two senders of one type apart in a table.
    private static func shortAddress(_ id: ObjectIdentifier) -> String {
        let hex = String(UInt(bitPattern: id), radix: 16)
        return "0x…" + hex.suffix(4)
    }
}
