import Foundation

/// The listeners of one ``NotificationHub/Key`` on one center, in the order in which they started listening: what the
/// hub's one Foundation registration for them calls (see ``NotificationHub``). A list holds notification infos of
/// one name, or main-actor message infos of one message type and subject.
///
/// A doubly linked list of the listening infos' cores, linked through their ``InfoCore/Links``, so that adding at
/// the end and removing any core are O(1) and allocate nothing.
///
/// ## Threads
/// The registration's block captures the list and nothing else, and the list's lock is its buffer's header, so a
/// post on another thread reaches the lock without reading memory that the registering thread wrote (Foundation's
/// own lock orders such reads, but ThreadSanitizer does not see it). Everything else, the cores' links included, is
/// read under that lock.
final class HubList: ManagedBuffer<PlatformLock.Primitive, HubList.Members> {
    struct Members {
        var head: InfoCore?
        unowned(unsafe) var tail: InfoCore?
        /// How many cores are linked, so that a post's snapshot allocates once.
        var count = 0
        /// The registration that delivers to this list; its fields are the hub's (see ``HubRegistration``).
        let registration: HubRegistration
        /// Keeps the hub alive as long as the center holds this list's registration.
        let hub: NotificationHub
    }

    static func make(registration: HubRegistration, hub: NotificationHub) -> HubList {
        let list = unsafeDowncast(create(minimumCapacity: 1) { _ in PlatformLock.placeholder() }, to: HubList.self)
        list.withUnsafeMutablePointers { lock, members in
            PlatformLock.initialize(lock)
            members.initialize(to: Members(head: nil, tail: nil, registration: registration, hub: hub))
        }
        return list
    }

    deinit {
        withUnsafeMutablePointers { lock, members in
            members.deinitialize(count: 1)
            PlatformLock.destroy(lock)
        }
    }

    @inline(__always)
    private func withLock<Result>(_ body: (inout Members) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { lock, members in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&members.pointee)
        }
    }

    /// Links `core` at the end for its registration of `generation`, unless the list's registration was dropped,
    /// and answers that registration. Called under the hub's lock, which guards the registration's fields, and the
    /// core's, which guarantees that the core is in no list.
    func append(_ core: InfoCore, generation: UInt64, tapped: Bool) -> HubRegistration? {
        withLock { members in
            guard members.registration.isRegistered else { return nil }
            let links = core.links
            links.pointee.isLinked = true
            links.pointee.generation = generation
            links.pointee.isTapped = tapped
            links.pointee.previous = members.tail
            if let tail = members.tail {
                tail.links.pointee.next = core
            } else {
                members.head = core
            }
            members.tail = core
            members.count += 1
            return members.registration
        }
    }

    /// Unlinks `core`; answers the list's registration when the list is now empty. Called under the hub's lock.
    /// The caller holds `core`, so the list's reference to it is not the last one.
    func unlink(_ core: InfoCore) -> HubRegistration? {
        withLock { members in
            let links = core.links
            guard links.pointee.isLinked else { return nil }
            links.pointee.isLinked = false
            let next = links.pointee.next
            let previous = links.pointee.previous
            links.pointee.next = nil
            links.pointee.previous = nil
            if let next { next.links.pointee.previous = previous } else { members.tail = previous }
            if let previous { previous.links.pointee.next = next } else { members.head = next }
            members.count -= 1
            return members.head == nil ? members.registration : nil
        }
    }

    /// Records whether a delivery tap watches `core`'s info (see ``InfoCore/Links/isTapped``).
    func setTapped(_ core: InfoCore, _ tapped: Bool) {
        withLock { _ in core.links.pointee.isTapped = tapped }
    }

    /// Calls the listeners that listen when the post arrives, in order. The snapshot is taken under the lock and
    /// released after the calls: a listener stopped meanwhile is told apart by its generation.
    ///
    /// The first listener is called with no other check when it is a plain closure (no observer, no sender, no
    /// tap): it was linked under this lock, and no handler runs between that and its call (a stop on another thread
    /// may be under way, which the stop promise allows). Every later one is checked again by its core, since the
    /// handlers before it may have stopped it.
    func deliver(_ notification: Notification) {
        var rest: [(core: InfoCore, generation: UInt64)] = []
        guard let (first, generation, untapped) = snapshot(rest: &rest) else { return }
        if untapped, let handler = first.plainHandler {
            handler(notification)
        } else {
            first.deliver(notification, generation: generation)
        }
        for (core, generation) in rest {
            core.deliver(notification, generation: generation)
        }
    }

    /// Calls the main-actor message infos that listen when the message is posted, in order, as ``deliver(_:)``
    /// does; each one but a plain first one has its core check its registration, observer and subject first.
    /// `message` is valid until this returns, and of the list's message type.
    @MainActor
    func deliverMessage<Message>(_ message: UnsafePointer<Message>) {
        let message = PostedMessage(UnsafeRawPointer(message), of: Message.self)
        var rest: [(core: InfoCore, generation: UInt64)] = []
        guard let (first, generation, untapped) = snapshot(rest: &rest) else { return }
        // The first listener's short path, as in `deliver(_:)`: no observer or subject to check, no tap.
        if untapped, first.fact({ !$0.pointee.needsObserver && !$0.pointee.filtersOnSender }),
            let call = first.fact({ $0.pointee.invocation.sharedMessageCall })
        {
            call(nil, message)
        } else {
            first.deliverMessage(message, generation: generation)
        }
        for (core, generation) in rest {
            core.deliverMessage(message, generation: generation)
        }
    }

    /// Under the lock: the first listener, its generation and whether no tap watches it, or `nil` when none listens;
    /// the others, with their generations, in `rest`.
    @inline(__always)
    private func snapshot(
        rest: inout [(core: InfoCore, generation: UInt64)]
    ) -> (core: InfoCore, generation: UInt64, untapped: Bool)? {
        withLock { members in
            guard let head = members.head else { return nil }
            let headLinks = head.links
            // The list holds every linked core while its lock is held: walking them needs no counts, only the
            // snapshot's.
            if members.count > 1 {
                rest.reserveCapacity(members.count - 1)
                unowned(unsafe) var next = headLinks.pointee.next
                while next != nil {
                    unowned(unsafe) let core = next.unsafelyUnwrapped
                    let links = core.links
                    rest.append((core, links.pointee.generation))
                    next = links.pointee.next
                }
            }
            return (head, headLinks.pointee.generation, !headLinks.pointee.isTapped)
        }
    }
}
