public import Foundation

/// Stands in for Apple's `NotificationCenter` where Linux differs: `addObserver(_:selector:name:object:)` exists,
/// and `removeObserver(self)` removes every registration of that observer, as Apple documents. Block observers
/// are kept, with their blocks, until their token is removed; selector observers are held weakly (iOS 9 and later).
///
/// The original fixtures run against it (their `NotificationCenter.default` is rewritten to
/// `AppleSemanticsCenter.default`, `NSWorkspace.shared.notificationCenter` to `AppleSemanticsCenter.workspace`); the
/// migrated ones use Foundation's center through their `NotificationEngine`.
public final class AppleSemanticsCenter: @unchecked Sendable {
    // @unchecked: every access to `entries` holds `lock`; handlers are called after it is released.
    /// The center the fixtures' `NotificationCenter.default` becomes.
    public static let `default` = AppleSemanticsCenter()
    /// The center the fixtures' `NSWorkspace.shared.notificationCenter` becomes: another center than `default`.
    public static let workspace = AppleSemanticsCenter()

    private final class Entry {
        weak var observer: AnyObject?
        let selector: AppleSelector?
        let block: ((Notification) -> Void)?
        let token: ObserverToken?
        let name: Notification.Name?
        let object: ObjectIdentifier?

        init(
            observer: AnyObject?,
            selector: AppleSelector?,
            block: ((Notification) -> Void)?,
            token: ObserverToken?,
            name: Notification.Name?,
            object: ObjectIdentifier?
        ) {
            self.observer = observer
            self.selector = selector
            self.block = block
            self.token = token
            self.name = name
            self.object = object
        }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    /// An empty center.
    public init() {}

    /// The registrations still held, block observers included.
    public var registrationCount: Int {
        lock.withLock { entries.count { $0.block != nil || $0.observer != nil } }
    }

    /// Adds a selector observer, held weakly.
    public func addObserver(_ observer: AnyObject, selector: AppleSelector, name: Notification.Name?, object: Any?) {
        let entry = Entry(
            observer: observer,
            selector: selector,
            block: nil,
            token: nil,
            name: name,
            object: Self.identifier(object)
        )
        lock.withLock { entries.append(entry) }
    }

    /// Adds a block observer, kept with its block until its token is removed.
    @discardableResult
    public func addObserver(
        forName name: Notification.Name?,
        object: Any?,
        queue: OperationQueue?,
        using block: @escaping (Notification) -> Void
    ) -> any NSObjectProtocol {
        let token = ObserverToken()
        let entry = Entry(
            observer: nil,
            selector: nil,
            block: block,
            token: token,
            name: name,
            object: Self.identifier(object)
        )
        lock.withLock { entries.append(entry) }
        return token
    }

    /// Removes every registration whose observer is `observer`, or the block registration whose token it is.
    public func removeObserver(_ observer: Any) {
        let target = observer as AnyObject
        lock.withLock { entries.removeAll { $0.observer === target || $0.token === target } }
    }

    /// Removes the registrations of `observer` for `name` (any name when nil) and `object` (any when nil).
    public func removeObserver(_ observer: Any, name: Notification.Name?, object: Any?) {
        let target = observer as AnyObject
        let sender = Self.identifier(object)
        lock.withLock {
            entries.removeAll { entry in
                (entry.observer === target || entry.token === target) && (name == nil || entry.name == name)
                    && (sender == nil || entry.object == sender)
            }
        }
    }

    /// Delivers synchronously, on the main actor, as a post on the main thread does.
    @MainActor
    public func post(name: Notification.Name, object: Any? = nil, userInfo: [AnyHashable: Any]? = nil) {
        let note = Notification(name: name, object: object, userInfo: userInfo)
        let sender = Self.identifier(object)
        let matching = lock.withLock {
            entries.filter { ($0.name == nil || $0.name == name) && ($0.object == nil || $0.object == sender) }
        }
        for entry in matching {
            if let block = entry.block {
                block(note)
            } else if let selector = entry.selector, let observer = entry.observer {
                selector.invoke(observer, note)
            }
        }
    }

    private static func identifier(_ object: Any?) -> ObjectIdentifier? {
        guard let object else { return nil }
        return ObjectIdentifier(object as AnyObject)
    }
}

/// The token `addObserver(forName:object:queue:using:)` returns.
public final class ObserverToken: NSObject {}

/// Stands in for a selector: the method it names, called with the observer and the notification.
public struct AppleSelector {
    let invoke: (AnyObject, Notification) -> Void

    /// A selector that calls `method` with the observer and the notification.
    public init<Observer: AnyObject>(_ method: @escaping (Observer, Notification) -> Void) {
        invoke = { observer, note in
            if let observer = observer as? Observer { method(observer, note) }
        }
    }
}
