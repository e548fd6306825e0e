import Foundation

/// The listeners of one ``NotificationHub/Key`` on one center, in the order in which they started listening: what the
/// hub's one Foundation registration for them calls (see ``NotificationHub``).
///
/// A doubly linked list of ``HubNode``s, so that adding at the end and removing any node are O(1).
///
/// ## Threads
/// The registration's block captures the list and nothing else, and the list's lock is its buffer's header, so a
/// post on another thread reaches the lock without reading memory that the registering thread wrote (Foundation's
/// own lock orders such reads, but ThreadSanitizer does not see it). Everything else is read under that lock.
final class HubList: ManagedBuffer<PlatformLock.Primitive, HubList.Nodes> {
    struct Nodes {
        var head: HubNode?
        unowned(unsafe) var tail: HubNode?
        /// The registration that delivers to this list; its fields are the hub's (see ``HubRegistration``).
        let registration: HubRegistration
        /// Keeps the hub alive as long as the center holds this list's registration.
        let hub: NotificationHub
    }

    static func make(registration: HubRegistration, hub: NotificationHub) -> HubList {
        let list = unsafeDowncast(create(minimumCapacity: 1) { _ in PlatformLock.placeholder() }, to: HubList.self)
        list.withUnsafeMutablePointers { lock, nodes in
            PlatformLock.initialize(lock)
            nodes.initialize(to: Nodes(head: nil, tail: nil, registration: registration, hub: hub))
        }
        return list
    }

    deinit {
        withUnsafeMutablePointers { lock, nodes in
            nodes.deinitialize(count: 1)
            PlatformLock.destroy(lock)
        }
    }

    @inline(__always)
    private func withLock<Result>(_ body: (inout Nodes) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { lock, nodes in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&nodes.pointee)
        }
    }

    /// Adds a listener at the end unless the list's registration was dropped, and answers it with that
    /// registration. Called under the hub's lock, which guards the registration's fields.
    func append(
        core: InfoCore,
        generation: UInt64,
        tapped: Bool
    ) -> (node: HubNode, registration: HubRegistration)? {
        withLock { nodes in
            guard nodes.registration.token != nil else { return nil }
            let node = HubNode(core: core, generation: generation, list: self, hub: nodes.hub)
            node.isTapped = tapped
            if let tail = nodes.tail {
                tail.next = node
                node.previous = tail
            } else {
                nodes.head = node
            }
            nodes.tail = node
            return (node, nodes.registration)
        }
    }

    /// Removes `node`; answers the list's registration when the list is now empty. Called under the hub's lock.
    /// The caller still holds the node, so its release (and its core's) happens after the locks.
    func unlink(_ node: HubNode) -> HubRegistration? {
        withLock { nodes in
            guard node.isLinked else { return nil }
            node.isLinked = false
            if let previous = node.previous {
                previous.next = node.next
            } else {
                nodes.head = node.next
            }
            if let next = node.next {
                next.previous = node.previous
            } else {
                nodes.tail = node.previous
            }
            node.next = nil
            node.previous = nil
            return nodes.head == nil ? nodes.registration : nil
        }
    }

    /// Records whether a delivery tap watches the info of `node` (see ``HubNode/isTapped``).
    func setTapped(_ node: HubNode, _ tapped: Bool) {
        withLock { _ in node.isTapped = tapped }
    }

    /// Calls the listeners that listen when the post arrives, in order. The snapshot is taken under the lock and
    /// released after the calls: a listener removed meanwhile is told apart by its core (its generation).
    ///
    /// The first listener is called with no other check when it is a plain closure (no observer, no sender, no
    /// tap): it was current under this lock, and nothing runs between that check and its call. Every later one is
    /// checked again by its core, since the handlers before it may have stopped it.
    func deliver(_ notification: Notification) {
        var rest: [HubNode] = []
        let first = withLock { nodes -> (node: HubNode, plain: Bool)? in
            guard let head = nodes.head else { return nil }
            var node = head.next
            while let current = node {
                rest.append(current)
                node = current.next
            }
            return (head, head.isPlain && !head.isTapped)
        }
        guard let (first, plain) = first else { return }
        if plain, let handler = first.core.plainHandler {
            handler(notification)
        } else {
            first.core.deliver(notification, generation: first.generation)
        }
        for node in rest {
            node.core.deliver(notification, generation: node.generation)
        }
    }
}

/// One listening registration of a notification info: its place in a ``HubList``.
///
/// The info's state keeps the node as its registration; the generation tells a late call through a snapshot from
/// a current registration.
final class HubNode: @unchecked Sendable {
    // Safe: the `let`s are written before the node is published under its list's lock; the links are only touched
    // under that lock.
    let core: InfoCore
    let generation: UInt64
    let list: HubList
    let hub: NotificationHub
    /// Whether the info is a closure for any sender, whose call needs no check but that the node is current.
    let isPlain: Bool
    var next: HubNode?
    unowned(unsafe) var previous: HubNode?
    var isLinked = true
    /// Whether a delivery tap watches the info (then every call goes through the core, which shows it to the tap).
    var isTapped = false

    init(core: InfoCore, generation: UInt64, list: HubList, hub: NotificationHub) {
        self.core = core
        self.generation = generation
        self.list = list
        self.hub = hub
        self.isPlain = core.plainHandler != nil
    }
}
