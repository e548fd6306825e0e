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
    /// The nodes, and the registration's state. The registration's fields change only under the hub's lock too (the
    /// hub keeps them here so that stopping needs no lookup).
    struct Nodes {
        var head: HubNode?
        unowned(unsafe) var tail: HubNode?
        let key: NotificationHub.Key
        /// Keeps the hub alive as long as the center holds this list's registration.
        let hub: NotificationHub
        /// The center's token for the list's registration; `nil` before it is made and once it is dropped.
        var token: (any NSObjectProtocol)?
        /// The hub's stamp from when the list became idle (see "Drop policy" in ``NotificationHub``); 0 while a
        /// listener listens or once dropped.
        var idleStamp: UInt64 = 0
    }

    enum UnlinkOutcome {
        case inUse
        /// Empty, kept registered: the list is idle since the stamp given.
        case idle
        /// Empty, and its registration must be dropped.
        case empty
    }

    static func make(key: NotificationHub.Key, hub: NotificationHub) -> HubList {
        let list = unsafeDowncast(create(minimumCapacity: 1) { _ in PlatformLock.placeholder() }, to: HubList.self)
        list.withUnsafeMutablePointers { lock, nodes in
            PlatformLock.initialize(lock)
            nodes.initialize(to: Nodes(head: nil, tail: nil, key: key, hub: hub))
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

    /// Adds a listener at the end, unless the registration was dropped; `token` is a new list's registration. Also
    /// answers whether the list was idle. Called under the hub's lock.
    func append(
        core: InfoCore,
        generation: UInt64,
        registering token: (any NSObjectProtocol)?
    ) -> (node: HubNode, wasIdle: Bool)? {
        withLock { nodes in
            if let token { nodes.token = token }
            guard nodes.token != nil else { return nil }
            let node = HubNode(core: core, generation: generation, list: self, hub: nodes.hub)
            if let tail = nodes.tail {
                tail.next = node
                node.previous = tail
            } else {
                nodes.head = node
            }
            nodes.tail = node
            defer { nodes.idleStamp = 0 }
            return (node, nodes.idleStamp != 0)
        }
    }

    /// Removes `node`; an emptied list becomes idle since `idleStamp` when its key allows it. Called under the
    /// hub's lock. The caller still holds the node, so its release (and its core's) happens after the locks.
    func unlink(_ node: HubNode, idleStamp: UInt64) -> UnlinkOutcome {
        withLock { nodes in
            guard node.isLinked else { return .inUse }
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
            guard nodes.head == nil, nodes.token != nil else { return .inUse }
            guard nodes.key.staysIdle else { return .empty }
            nodes.idleStamp = idleStamp
            return .idle
        }
    }

    /// Whether the list has been idle since `stamp`. Called under the hub's lock.
    func isIdle(since stamp: UInt64) -> Bool {
        withLock { $0.idleStamp == stamp }
    }

    /// Takes the registration to drop: the key and the token, or `nil` when it was dropped already. Called under
    /// the hub's lock.
    func takeRegistration() -> (NotificationHub.Key, any NSObjectProtocol)? {
        withLock { nodes in
            guard let token = nodes.token else { return nil }
            nodes.token = nil
            nodes.idleStamp = 0
            return (nodes.key, token)
        }
    }

    /// Calls the listeners that listen when the post arrives, in order. The snapshot is taken under the lock and
    /// released after the calls: a listener removed meanwhile is told apart by its core (its generation).
    func deliver(_ notification: Notification) {
        var rest: [HubNode] = []
        let first = withLock { nodes -> HubNode? in
            guard let head = nodes.head else { return nil }
            var node = head.next
            while let current = node {
                rest.append(current)
                node = current.next
            }
            return head
        }
        guard let first else { return }
        first.core.deliver(notification, generation: first.generation)
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
    var next: HubNode?
    unowned(unsafe) var previous: HubNode?
    var isLinked = true

    init(core: InfoCore, generation: UInt64, list: HubList, hub: NotificationHub) {
        self.core = core
        self.generation = generation
        self.list = list
        self.hub = hub
    }
}
