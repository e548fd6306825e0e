import Foundation

/// The package's registrations on one center: one Foundation registration per name, shared by every notification
/// info on that center that listens to the name on the posting thread, whatever its sender filter (checked per
/// listener, by the info); one per (name, queue, sender) for infos with a queue; and one per (main-actor message
/// type, subject or any) for main-actor message infos. Asynchronous message infos register on their own (see
/// ``MessageSubscription/Registration/own(register:)``).
///
/// Starting and stopping an info links and unlinks its core in its key's ``HubList``; Foundation is called only
/// when a key is first used and when its registration is dropped. A post reaches the hub's one block,
/// which calls the listeners in the order in which they started listening.
///
/// ## Order
/// A post calls an info after every info that started listening before it to the same key (the same name; with a
/// queue, on the same queue and with the same sender filter; the same main-actor message type and subject), on
/// every platform. Observers added to the center directly are Foundation's: the hub's one registration for the key
/// sits among them in Foundation's order (hash order on Linux), and all the package's listeners of the key run
/// together at that place. A message posted with a subject reaches that subject's registration and the any-subject
/// one, in Foundation's order.
///
/// ## Drop policy
/// A registration whose list becomes empty is removed at once when it has a queue (Foundation would make every post
/// of the name wait for that queue) or no name (it would receive every notification). Otherwise it stays idle, so
/// that starting again calls no Foundation: a center keeps at most as many idle registrations as the most it ever
/// had in use at once, and at least ``idleLimit``; beyond that, the one idle the longest is dropped first. A center
/// therefore holds at most twice the peak of its registrations in use, or that peak plus ``idleLimit``: a program
/// that listens to 100,000 distinct names one after the other ends with at most ``idleLimit``, and one that listens
/// to 10,000 names at once and stops keeps them, so that its next start costs no Foundation call. A message type's
/// registrations, for any subject or for one, stay idle the same way; one for a subject knows it by identity only,
/// as Foundation does, and a dead subject's is dropped in turn like any other idle one.
///
/// ## Ownership
/// The center holds each registration's block, the block its list, the list this hub. The hub holds its
/// ``HubRegistration``s, which do not hold their lists, and not the center (a message registration's
/// `ObservationToken` refers to it weakly), so it neither keeps the center alive nor outlives it: when the center
/// goes, its blocks go, then the lists, then the hub. An info or an engine that holds the hub holds the center too,
/// so no one looks a list up in a hub whose center is gone.
///
/// ## Locks
/// The hub's lock guards the table of lists and is held while calling Foundation's `addObserver` and
/// `removeObserver`, so that two threads using a name for the first time make one registration (neither call runs
/// user code, nor does Foundation call an observer while holding its own lock). A list's lock guards its links;
/// delivery takes only that one, and calls no handler under it. Order: an info's lock, the hub's, a list's (an info
/// starts and stops under its own lock, so that its core is never linked twice).
final class NotificationHub: Sendable {
    /// What one Foundation registration is shared by.
    ///
    /// With a queue, Foundation makes the poster wait for an operation on that queue for every post its
    /// registration matches, so such a registration also filters on the sender, as the info's own would: a post of
    /// another sender then waits for no queue. A message registration always filters on its infos' subject:
    /// Foundation does not tell a message observer the subject, so it cannot be checked per listener.
    struct Key: Hashable, Sendable {
        let name: Notification.Name?
        let queue: ObjectIdentifier?
        let sender: ObjectIdentifier?
        /// The main-actor message type, or `nil` for a notification name.
        let message: ObjectIdentifier?
        /// The four mixed, from the name's hash the info made once: an info's first start looks its key up, and
        /// hashing the name there with the standard hasher cost twice as much as the rest of the lookup.
        private let mixed: Int

        init(
            name: Notification.Name?,
            nameHash: Int,
            queue: ObjectIdentifier?,
            sender: ObjectIdentifier?,
            message: ObjectIdentifier?
        ) {
            self.name = name
            self.queue = queue
            self.sender = sender
            self.message = message
            var hasher = KeyHasher()
            hasher.combine(nameHash)
            hasher.combine(queue)
            hasher.combine(sender)
            hasher.combine(message)
            self.mixed = hasher.finalize()
        }

        /// The key of the registration the info of `facts` listens through, for its live `sender`.
        init(_ facts: UnsafeMutablePointer<InfoCore.Facts>, sender: AnyObject?) {
            let queue = facts.pointee.queue
            let message =
                facts.pointee.label.kind == .notification
                ? nil : facts.pointee.invocation.messageSubscription?.messageType
            self.init(
                name: facts.pointee.label.name,
                nameHash: facts.pointee.nameHash,
                queue: queue.map(ObjectIdentifier.init),
                sender: queue == nil && message == nil ? nil : sender.map(ObjectIdentifier.init),
                message: message
            )
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(mixed)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.mixed == rhs.mixed && lhs.name == rhs.name && lhs.queue == rhs.queue && lhs.sender == rhs.sender
                && lhs.message == rhs.message
        }

        /// Whether an empty list may keep its registration (see "Drop policy").
        var staysIdle: Bool { name != nil && queue == nil }
    }

    /// The most registrations without a listener that a center keeps when it never had more in use at once.
    static let idleLimit = 64

    private struct State {
        var registrations: [Key: HubRegistration] = [:]
        /// The idle registrations, the longest idle first (linked through ``HubRegistration/idleNext``). The links
        /// hold nothing: every registration in them is in ``registrations``, and leaves them before it leaves that.
        unowned(unsafe) var idleHead: HubRegistration?
        unowned(unsafe) var idleTail: HubRegistration?
        var idleCount = 0
        /// The most registrations that had a listener at once.
        var peakInUse = 0

        mutating func noteInUse() {
            peakInUse = max(peakInUse, registrations.count - idleCount)
        }

        mutating func enterIdle(_ registration: HubRegistration) {
            registration.isIdle = true
            registration.idlePrevious = idleTail
            if let tail = idleTail { tail.idleNext = registration } else { idleHead = registration }
            idleTail = registration
            idleCount += 1
        }

        mutating func leaveIdle(_ registration: HubRegistration) {
            guard registration.isIdle else { return }
            registration.isIdle = false
            let next = registration.idleNext
            if let previous = registration.idlePrevious { previous.idleNext = next } else { idleHead = next }
            if let next { next.idlePrevious = registration.idlePrevious } else { idleTail = registration.idlePrevious }
            registration.idleNext = nil
            registration.idlePrevious = nil
            idleCount -= 1
        }
    }

    private let state = LockedValueBox(State())

    /// Links `core` for its registration of `generation` at the end of its key's list, and answers that list.
    /// `cached` is the list the info used last: while it is registered, no lookup is needed, and none of the facts
    /// (`core`'s, read in place) is copied.
    func add(
        _ core: InfoCore,
        generation: UInt64,
        facts: UnsafeMutablePointer<InfoCore.Facts>,
        sender: AnyObject?,
        cached: HubList?,
        tapped: Bool
    ) -> HubList {
        state.withLock { state in
            if let cached, Self.append(core, generation, tapped, to: cached, &state) { return cached }
            let key = Key(facts, sender: sender)
            if let list = state.registrations[key]?.list, Self.append(core, generation, tapped, to: list, &state) {
                return list
            }
            let registration = HubRegistration(key: key)
            let list = HubList.make(registration: registration, hub: self)
            registration.token = Self.register(list, facts, sender: key.sender == nil ? nil : sender)
            registration.isRegistered = true
            registration.list = list
            state.registrations[key] = registration
            state.noteInUse()
            guard Self.append(core, generation, tapped, to: list, &state) else {
                fatalError("Expected a new registration's list to take its first listener, but it refused it")
            }
            return list
        }
    }

    /// Makes the Foundation registration whose block calls `list`, from `filter` only when it is not `nil`.
    private static func register(
        _ list: HubList,
        _ facts: UnsafeMutablePointer<InfoCore.Facts>,
        sender filter: AnyObject?
    ) -> HubRegistration.Token {
        let center = facts.pointee.center
        if facts.pointee.label.kind != .notification, let subscription = facts.pointee.invocation.messageSubscription,
            case .shared(let register, _) = subscription.registration
        {
            return .message(register(center, filter, list), remove: subscription.unregister)
        }
        nonisolated(unsafe) let unsafeList = list  // Read only under its own lock; see HubList.
        return .notification(
            center.addObserver(forName: facts.pointee.label.name, object: filter, queue: facts.pointee.queue) {
                unsafeList.deliver($0)
            }
        )
    }

    /// Appends to a list unless its registration was dropped; an idle one is in use again.
    private static func append(
        _ core: InfoCore,
        _ generation: UInt64,
        _ tapped: Bool,
        to list: HubList,
        _ state: inout State
    ) -> Bool {
        guard let registration = list.append(core, generation: generation, tapped: tapped) else { return false }
        if registration.isIdle {
            state.leaveIdle(registration)
            state.noteInUse()
        }
        return true
    }

    /// Unlinks `core` from `list`; an emptied list's registration is dropped or kept idle (see "Drop policy").
    /// Called under the core's lock; the caller holds `core`, so the list's reference to it is not the last. A
    /// registration dropped here releases its Foundation block and its list, which run no user code.
    func remove(_ core: InfoCore, from list: HubList, center: NotificationCenter) {
        state.withLock { state in
            guard let registration = list.unlink(core), registration.isRegistered else { return }
            if registration.key.staysIdle {
                state.enterIdle(registration)
                Self.trimIdle(&state, center: center)
            } else {
                Self.drop(registration, &state, center: center)
            }
        }
    }

    /// Drops the longest-idle registrations beyond the limit (see "Drop policy").
    private static func trimIdle(_ state: inout State, center: NotificationCenter) {
        let limit = max(idleLimit, state.peakInUse)
        while state.idleCount > limit, let oldest = state.idleHead {
            drop(oldest, &state, center: center)
        }
    }

    /// Removes the registration from the center and from the table.
    private static func drop(_ registration: HubRegistration, _ state: inout State, center: NotificationCenter) {
        guard let token = registration.token else { return }
        state.leaveIdle(registration)
        registration.token = nil
        registration.isRegistered = false
        state.registrations.removeValue(forKey: registration.key)
        token.remove(from: center)
    }

    /// How many Foundation registrations the hub holds, and how many of them have no listener. For tests.
    var registrationCounts: (total: Int, idle: Int) {
        state.withLock { ($0.registrations.count, $0.idleCount) }
    }
}

/// One Foundation registration of a hub: its key, its token and its place among the idle ones. Every field is
/// only touched under the hub's lock.
final class HubRegistration: @unchecked Sendable {
    // Safe: only touched under the owning hub's lock (see NotificationHub's "Locks").
    let key: NotificationHub.Key
    /// `nil` before it is made and once it is dropped.
    var token: Token?
    /// Whether ``token`` is set, read on every start and stop: testing `token` itself copies it (and retains
    /// Foundation's token, whose weak references make that the runtime's slow path).
    var isRegistered = false
    /// Holds nothing (the list holds this): the registration's block holds the list for as long as the
    /// registration is in its hub's table, and only a registration found in the table is asked for its list.
    unowned(unsafe) var list: HubList?
    var isIdle = false
    unowned(unsafe) var idleNext: HubRegistration?
    unowned(unsafe) var idlePrevious: HubRegistration?

    init(key: NotificationHub.Key) {
        self.key = key
    }

    /// Foundation's token for the registration.
    enum Token {
        /// A notification name's, from `addObserver(forName:object:queue:using:)`.
        case notification(any NSObjectProtocol)
        /// A main-actor message's `ObservationToken`, kept as `any Sendable` (see ``MessageSubscription``), with
        /// the call that removes it.
        case message(any Sendable, remove: @Sendable (NotificationCenter, any Sendable) -> Void)

        func remove(from center: NotificationCenter) {
            switch self {
            case .notification(let token): center.removeObserver(token)
            case .message(let token, let remove): remove(center, token)
            }
        }
    }
}

// MARK: - One hub per center

extension NotificationHub {
    /// The hub alone, weakly: a weak reference to the center would give it a side table, and every retain of an
    /// object with one takes the runtime's slow path. A live hub has a live center (its lists are held by the
    /// center's blocks, and everything else that holds it holds the center too), so a hub found under the center's
    /// identity is that center's, never one of a dead center whose address was reused.
    private struct Slot {
        weak var hub: NotificationHub?
    }

    private struct Table {
        var slots: [ObjectIdentifier: Slot] = [:]
        /// Slot count at which dead slots are swept next.
        var sweepAt = 64
    }

    private static let table = LockedValueBox(Table())

    /// The center's hub, made on first use. A slot whose hub is gone is replaced, and dead slots are swept when the
    /// table has doubled since the last sweep.
    static func hub(for center: NotificationCenter) -> NotificationHub {
        let id = ObjectIdentifier(center)
        return table.withLock { table in
            if let hub = table.slots[id]?.hub { return hub }
            let hub = NotificationHub()
            table.slots[id] = Slot(hub: hub)
            if table.slots.count >= table.sweepAt {
                table.slots = table.slots.filter { $0.value.hub != nil }
                table.sweepAt = max(64, 2 * table.slots.count)
            }
            return hub
        }
    }

    /// The center's hub if it has one, without making one. For tests.
    static func existingHub(for center: NotificationCenter) -> NotificationHub? {
        table.withLock { $0.slots[ObjectIdentifier(center)]?.hub }
    }
}
