import Foundation
import NotificationLifecycleTesting

@testable import NotificationLifecycle

/// An observer of the walk that answers selector names and records each call.
final class WalkObserver: NotificationSelectorResponder, Sendable {
    let serial: Int
    let log: DeliveryLog
    let clock: LockedValueBox<Int>

    static var notificationSelectors: NotificationSelectorTable {
        NotificationSelectorTable()
            .adding("hit:", WalkObserver.hit)
            .adding("tick", WalkObserver.tick)
    }

    init(serial: Int, log: DeliveryLog, clock: LockedValueBox<Int>) {
        self.serial = serial
        self.log = log
        self.clock = clock
    }

    func hit(_ notification: Notification) {
        log.record("o\(serial).hit:", notification)
    }

    /// Takes no notification, so it records the post the walk is making.
    func tick() {
        log.record("o\(serial).tick", post: clock.withLock { $0 })
    }
}

/// A main-actor message of the walk: it carries the id of its post, and its subject is a walk sender.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
protocol WalkMessage: NotificationCenter.MainActorMessage where Subject == Sender {
    var post: Int { get }
}

/// The first message type infos of the walk listen to.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct WalkChimed: WalkMessage {
    typealias Subject = Sender
    let post: Int
}

/// The second message type infos of the walk listen to.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct WalkRang: WalkMessage {
    typealias Subject = Sender
    let post: Int
}

/// A message type no info listens to.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
struct WalkHummed: WalkMessage {
    typealias Subject = Sender
    let post: Int
}

/// What a controller of the walk needs to make one info: the plan and its real sender and queue.
struct WalkRealPlan {
    let plan: WalkModel.Plan
    let sender: Sender?
    let queue: CountingQueue?
}

/// A controller of the walk: its populate adds the infos of its plans with the shorthands.
final class WalkController: ControllerBase {
    let serial: Int
    let log: DeliveryLog
    let clock: LockedValueBox<Int>
    /// Emptied after populating: it holds senders strongly, which the walk releases.
    private var plans: [WalkRealPlan]
    private var made: [NotificationInfo] = []

    override class var notificationSelectors: NotificationSelectorTable {
        super.notificationSelectors
            .adding("hit:", WalkController.hit)
            .adding("tick", WalkController.tick)
    }

    init(serial: Int, center: NotificationCenter, log: DeliveryLog, clock: LockedValueBox<Int>, plans: [WalkRealPlan]) {
        self.serial = serial
        self.log = log
        self.clock = clock
        self.plans = plans
        super.init(notificationCenter: center)
    }

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        for plan in plans {
            made.append(add(plan))
        }
        plans = []
    }

    /// The infos populate made (or was returned for duplicates), handed over once so the controller keeps none.
    func takeMade() -> [NotificationInfo] {
        defer { made = [] }
        return made
    }

    /// Adds the info of `real` with a shorthand; each closure site is its own handler identity.
    func add(_ real: WalkRealPlan) -> NotificationInfo {
        let plan = real.plan
        let name = WalkModel.isMessage(plan.name) ? .unheard : WalkModel.names[plan.name]
        let call = WalkModel.call(of: plan)
        switch plan.handler {
        case .ownerClosure(site: 0):
            return addNotificationInfo(forName: name, object: real.sender, lifespan: plan.lifespan, queue: real.queue) {
                controller,
                note in controller.log.record(call, note)
            }
        case .ownerClosure(site: 1):
            return addNotificationInfo(forName: name, object: real.sender, lifespan: plan.lifespan, queue: real.queue) {
                controller,
                note in controller.log.record(call, note)
            }
        case .ownerClosure:
            return addNotificationInfo(forName: name, object: real.sender, lifespan: plan.lifespan, queue: real.queue) {
                controller,
                note in controller.log.record(call, note)
            }
        case .ownerSelector(let selector):
            return addNotificationInfo(
                forName: name,
                selector: selector,
                object: real.sender,
                lifespan: plan.lifespan
            )
        case .messageClosure:
            guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
                preconditionFailure("\(plan) needs typed messages")
            }
            switch plan.name - WalkModel.firstMessage {
            case 0: return addMessage(WalkChimed.self, plan, subject: real.sender)
            default: return addMessage(WalkRang.self, plan, subject: real.sender)
            }
        case .closure, .observerSelector:
            preconditionFailure("\(plan) is not an owner shorthand")
        }
    }

    /// Adds the typed-message info of `plan` with the shorthand of its lifespan, with or without a subject.
    ///
    /// Each shorthand call is its own closure site; the message type is part of the registration, so the two types
    /// share the sites without being duplicates.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    private func addMessage<Message: WalkMessage>(
        _ type: Message.Type,
        _ plan: WalkModel.Plan,
        subject: Sender?
    ) -> NotificationInfo {
        let call = WalkModel.call(of: plan)
        switch (plan.lifespan, subject) {
        case (.lifetime, nil):
            return addMessageInfo(for: type) { controller, message in
                controller.log.record(call, post: message.post)
            }
        case (.lifetime, let subject?):
            return addMessageInfo(for: type, subject: .only(subject)) { controller, message in
                controller.log.record(call, post: message.post)
            }
        case (.visible, nil):
            return addMessageInfo(for: type, lifespan: .visible) { controller, message in
                controller.log.record(call, post: message.post)
            }
        case (.visible, let subject?):
            return addMessageInfo(for: type, subject: .only(subject), lifespan: .visible) { controller, message in
                controller.log.record(call, post: message.post)
            }
        case (let lifespan, nil):
            return addMessageInfo(for: type, lifespan: lifespan) { controller, message in
                controller.log.record(call, post: message.post)
            }
        case (let lifespan, let subject?):
            return addMessageInfo(for: type, subject: .only(subject), lifespan: lifespan) { controller, message in
                controller.log.record(call, post: message.post)
            }
        }
    }

    func hit(_ notification: Notification) {
        log.record("c\(serial).hit:", notification)
    }

    /// Takes no notification, so it records the post the walk is making.
    func tick() {
        log.record("c\(serial).tick", post: clock.withLock { $0 })
    }
}

/// The real objects of the walk, by the model's ids.
@MainActor
final class WalkWorld {
    let center = NotificationCenter()
    /// Handler calls, by handler and post.
    let log = DeliveryLog()
    /// Delivery-tap events, by info (`t<id>`) and post.
    let taps = DeliveryLog()
    /// The post being made, for handlers that take no notification.
    let clock = LockedValueBox(0)
    private let postIDs = IDSource()

    private(set) var senders: [Int: Sender] = [:]
    private(set) var observers: [Int: WalkObserver] = [:]
    private(set) var controllers: [Int: WalkController] = [:]
    private(set) var infos: [Int: NotificationInfo] = [:]
    /// The counting queue of each queued info.
    private(set) var queues: [Int: CountingQueue] = [:]

    // MARK: - Objects

    func makeSender(_ id: Int) {
        senders[id] = Sender()
    }

    /// Releases a sender; `false` when something still kept it alive.
    func dropSender(_ id: Int) -> Bool {
        weak let probe = senders.removeValue(forKey: id)
        return probe == nil
    }

    func makeObserver(_ id: Int) {
        observers[id] = WalkObserver(serial: id, log: log, clock: clock)
    }

    /// Releases an observer; `false` when something still kept it alive.
    func dropObserver(_ id: Int) -> Bool {
        weak let probe = observers.removeValue(forKey: id)
        return probe == nil
    }

    // MARK: - Controllers

    func makeController(_ id: Int, plans: [WalkModel.Plan]) -> [NotificationInfo] {
        let real = plans.map(realPlan)
        let controller = WalkController(serial: id, center: center, log: log, clock: clock, plans: real)
        controllers[id] = controller
        return controller.takeMade()
    }

    /// Releases a controller; `false` when something still kept it alive.
    func releaseController(_ id: Int) -> Bool {
        weak let probe = controllers.removeValue(forKey: id)
        return probe == nil
    }

    func controller(_ id: Int) -> WalkController {
        controllers[id]!
    }

    /// Adds the info of `plan` to controller `id` with a shorthand and returns what the shorthand returned.
    func addNew(_ plan: WalkModel.Plan, to id: Int) -> NotificationInfo {
        controllers[id]!.add(realPlan(plan))
    }

    /// Records an info the model accepted: keeps it, and taps its deliveries.
    func adopt(_ info: NotificationInfo, as id: Int) {
        infos[id] = info
        let taps = taps
        let clock = clock
        // A message delivery's event carries no user info; main-actor messages are delivered while posted, so the
        // post being made is the clock's.
        info.setDeliveryTap(
            DeliveryTap(
                handlerWillRun: { event in
                    let post = Post.id(of: event) ?? (event.userInfoKeys.isEmpty ? clock.withLock { $0 } : -1)
                    taps.record("t\(id)", post: post)
                    return 0
                },
                handlerReturned: { _ in }
            )
        )
    }

    /// Forgets the queue made for a plan that the model refused as a duplicate.
    func discardQueue(of id: Int) {
        queues[id] = nil
    }

    // MARK: - Infos

    /// Makes a standalone info; each closure site is its own handler identity.
    func makeInfo(_ plan: WalkModel.Plan) -> NotificationInfo {
        let real = realPlan(plan)
        let name = WalkModel.names[plan.name]
        let call = WalkModel.call(of: plan)
        let log = log
        switch plan.handler {
        case .closure(site: 0):
            return NotificationInfo(
                name: name,
                object: real.sender,
                lifespan: plan.lifespan,
                center: center,
                queue: real.queue
            ) { note in log.record(call, note) }
        case .closure:
            return NotificationInfo(
                name: name,
                object: real.sender,
                lifespan: plan.lifespan,
                center: center,
                queue: real.queue
            ) { note in log.record(call, note) }
        case .observerSelector(let selector, let observer):
            return NotificationInfo(
                observer: observers[observer]!,
                selector: selector,
                name: name,
                object: real.sender,
                lifespan: plan.lifespan,
                center: center,
                queue: real.queue
            )
        case .ownerClosure, .ownerSelector, .messageClosure:
            preconditionFailure("\(plan) is an owner shorthand")
        }
    }

    /// Drops the walk's reference to an info; `false` when something still kept it alive.
    func dropInfo(_ id: Int) -> Bool {
        queues[id] = nil
        weak let probe = infos.removeValue(forKey: id)
        return probe == nil
    }

    func info(_ id: Int) -> NotificationInfo {
        infos[id]!
    }

    /// `i<id>` for an info of the walk, or its description for one the walk does not know.
    func name(of info: NotificationInfo) -> String {
        infos.first { $0.value === info }.map { "i\($0.key)" } ?? "unknown \(info)"
    }

    // MARK: - Posting

    /// Posts `name` from `sender` with a new post id; returns the id and how many operations the center added to
    /// each queued info's queue.
    func post(name: Int, sender: WalkModel.PostSender) -> (id: Int, queued: [Int: Int]) {
        let id = postIDs.make()
        clock.withLock { $0 = id }
        let object: AnyObject?
        switch sender {
        case .none: object = nil
        case .sender(let sender): object = senders[sender]!
        case .stranger: object = Sender()
        }
        let before = queues.mapValues(\.addedCount)
        center.post(name: WalkModel.names[name], object: object, userInfo: Post.userInfo(id))
        let queued = queues.mapValues(\.addedCount).merging(before, uniquingKeysWith: -)
        return (id, queued)
    }

    /// Posts the main-actor message `name` (a ``WalkModel/messageNames`` index) with `subject`, on the main actor
    /// and synchronously; returns the post id and how many operations the center added to each queued info's queue.
    ///
    /// The walk runs off the main actor (its seeds run in parallel), so the post is made on the main queue, where
    /// the main actor runs, and the walk waits for it; a main-actor message's handlers run while it is posted.
    func postMessage(_ name: Int, subject: WalkModel.PostSender) -> (id: Int, queued: [Int: Int]) {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
            preconditionFailure("posting \(WalkModel.label(of: name)) needs typed messages")
        }
        let id = postIDs.make()
        clock.withLock { $0 = id }
        let object: Sender?
        switch subject {
        case .none: object = nil
        case .sender(let sender): object = senders[sender]!
        case .stranger: object = Sender()
        }
        let before = queues.mapValues(\.addedCount)
        let center = center
        let post = { @Sendable in
            MainActor.assumeIsolated {
                switch name - WalkModel.firstMessage {
                case 0: Self.post(WalkChimed(post: id), subject: object, on: center)
                case 1: Self.post(WalkRang(post: id), subject: object, on: center)
                default: Self.post(WalkHummed(post: id), subject: object, on: center)
                }
            }
        }
        post()  // The walk runs on the main actor.
        let queued = queues.mapValues(\.addedCount).merging(before, uniquingKeysWith: -)
        return (id, queued)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @MainActor
    private static func post<Message: WalkMessage>(_ message: Message, subject: Sender?, on center: NotificationCenter)
    {
        if let subject {
            center.post(message, subject: subject)
        } else {
            center.post(message)
        }
    }

    private func realPlan(_ plan: WalkModel.Plan) -> WalkRealPlan {
        var queue: CountingQueue?
        if plan.queued {
            let made = CountingQueue()
            queues[plan.id] = made
            queue = made
        }
        return WalkRealPlan(plan: plan, sender: plan.sender.map { senders[$0]! }, queue: queue)
    }
}
