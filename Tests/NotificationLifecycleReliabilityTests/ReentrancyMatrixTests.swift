import Foundation
import Testing

@testable import NotificationLifecycle

/// What a handler does while it is being delivered.
enum ReentrantAction: String, CaseIterable, Sendable {
    case disappear
    case appear
    case stopItself
    case stopSibling
    case addInfo
    case removeInfo
    case startCustomLifespan
    case stopCustomLifespan
    case dropController
    case postAnotherName
    case postSameNameAgain
}

/// Where handlers run.
enum DeliveryMode: String, CaseIterable, Sendable {
    /// On the posting thread (`queue: nil`).
    case postingThread
    /// Each info on its own `OperationQueue`; the poster waits for it.
    case operationQueue
    /// `onMainActor` handlers, posted from the main actor (so they run at once).
    case mainActor
}

/// The infos of a matrix controller: the actor, whose handler acts, and its siblings.
enum MatrixRole: String, CaseIterable, Sendable {
    case actor
    case lifetimeSibling
    case visibleSibling
    case customSibling
    /// Listens to `.pong`, the name of the nested post.
    case pongListener
    /// Added by the `addInfo` action.
    case added

    var name: Notification.Name { self == .pongListener ? .pong : .ping }

    var selector: String { "\(rawValue):" }
    var mainActorSelector: String { "\(rawValue)OnMainActor:" }
}

/// One cell of the matrix.
struct ReentrancyCase: Sendable, CustomTestStringConvertible {
    let action: ReentrantAction
    let actorLifespan: Lifespan
    let mode: DeliveryMode

    var testDescription: String { "\(action.rawValue), actor \(actorLifespan), \(mode.rawValue)" }

    /// Every action for every actor lifespan and delivery mode, except a nested post of the same name on an
    /// operation queue: Foundation makes that post wait for the actor's own queue, which is running the actor, so it
    /// deadlocks inside Foundation whatever this package does.
    static let all: [ReentrancyCase] = ReentrantAction.allCases.flatMap { action in
        [Lifespan.lifetime, .visible, .editing].flatMap { lifespan in
            DeliveryMode.allCases.compactMap { mode in
                if action == .postSameNameAgain, mode == .operationQueue { return nil }
                return ReentrancyCase(action: action, actorLifespan: lifespan, mode: mode)
            }
        }
    }
}

/// An engine owner whose selector names forward every call to the script. Not a `ControllerBase`, which is
/// main-actor: the matrix runs on other threads, and what it checks is the engine's.
final class MatrixController: NotificationEngineOwner, NotificationSelectorResponder, Sendable {
    let notificationEngine: NotificationEngine
    let script: MatrixScript

    static var notificationSelectors: NotificationSelectorTable {
        var table = NotificationSelectorTable()
        for role in MatrixRole.allCases {
            table = table.adding(role.selector) { (controller: MatrixController) in
                { note in controller.script.ran(role, note, controller: controller) }
            }
            table = table.adding(
                role.mainActorSelector,
                onMainActor: { (controller: MatrixController, note) in
                    controller.script.ran(role, note, controller: controller)
                }
            )
        }
        return table
    }

    init(center: NotificationCenter, script: MatrixScript) {
        self.script = script
        notificationEngine = NotificationEngine(center: center)
    }

    /// Adds the info of `role` for `mode`.
    @discardableResult
    func add(_ role: MatrixRole, lifespan: Lifespan, mode: DeliveryMode) -> NotificationInfo {
        switch mode {
        case .postingThread:
            return addNotificationInfo(forName: role.name, selector: role.selector, lifespan: lifespan)
        case .operationQueue:
            let info = NotificationInfo(
                observer: self,
                selector: role.selector,
                name: role.name,
                lifespan: lifespan,
                center: notificationEngine.center,
                queue: CountingQueue()
            )
            notificationEngine.add(info)
            return info
        case .mainActor:
            return addNotificationInfo(forName: role.name, selector: role.mainActorSelector, lifespan: lifespan)
        }
    }
}

/// Records every handler call in order and performs the actor's action once, during the first post.
final class MatrixScript: Sendable {
    let cell: ReentrancyCase
    let center: NotificationCenter
    let posts: IDSource
    /// The test's only strong reference to the controller, dropped by the `dropController` action.
    let holder = LockedValueBox<MatrixController?>(nil)
    let infos = LockedValueBox<[MatrixRole: NotificationInfo]>([:])
    /// `ran <role> <post>` and `acted <post>`, in order.
    let events = LockedValueBox<[String]>([])
    /// The posts the action made, by id.
    let nestedPosts = LockedValueBox<[Int: Notification.Name]>([:])
    private let acted = LockedValueBox(false)

    init(cell: ReentrancyCase, center: NotificationCenter, posts: IDSource) {
        self.cell = cell
        self.center = center
        self.posts = posts
    }

    func ran(_ role: MatrixRole, _ note: Notification, controller: MatrixController) {
        let post = Post.id(of: note) ?? -1
        events.withLock { $0.append("ran \(role.rawValue) \(post)") }
        guard role == .actor,
            !acted.withLock({ done in
                defer { done = true }
                return done
            })
        else { return }
        perform(cell.action, controller: controller)
        events.withLock { $0.append("acted \(post)") }
    }

    private func perform(_ action: ReentrantAction, controller: MatrixController) {
        let info = { (role: MatrixRole) in self.infos.withLock { $0[role]! } }
        switch action {
        case .disappear: controller.notificationEngine.disappear()
        case .appear: controller.notificationEngine.appear()
        case .stopItself: info(.actor).stopListening()
        case .stopSibling: info(.lifetimeSibling).stopListening()
        case .addInfo:
            let added = controller.add(.added, lifespan: .lifetime, mode: cell.mode)
            infos.withLock { $0[.added] = added }
        case .removeInfo: controller.notificationEngine.remove(info(.customSibling))
        case .startCustomLifespan: controller.notificationEngine.start(.editing)
        case .stopCustomLifespan: controller.notificationEngine.stop(.editing)
        case .dropController: holder.withLock { $0 = nil }
        case .postAnotherName: post(.pong)
        case .postSameNameAgain: post(.ping)
        }
    }

    private func post(_ name: Notification.Name) {
        let id = posts.make()
        nestedPosts.withLock { $0[id] = name }
        center.post(name: name, object: nil, userInfo: Post.userInfo(id))
    }
}

/// What the model says about one cell: which roles listen before and after the action.
struct MatrixExpectation {
    var before: [MatrixRole: Bool]
    var after: [MatrixRole: Bool]
    var appearedAfter: Bool
    var editingAfter: Bool
    var infoCountAfter: Int

    init(_ cell: ReentrancyCase) {
        let appearedBefore = cell.action != .appear
        let editingBefore = cell.action != .startCustomLifespan
        before = [
            .actor: true,  // by its lifespan, or started by hand when the action is what would start it
            .lifetimeSibling: true,
            .visibleSibling: appearedBefore,
            .customSibling: editingBefore,
            .pongListener: true,
            .added: false,
        ]
        after = before
        appearedAfter = appearedBefore
        editingAfter = editingBefore
        infoCountAfter = 5
        switch cell.action {
        case .disappear:
            appearedAfter = false
            after[.visibleSibling] = false
            if cell.actorLifespan == .visible { after[.actor] = false }
        case .appear:
            appearedAfter = true
            after[.visibleSibling] = true
        case .stopItself:
            after[.actor] = false
        case .stopSibling:
            after[.lifetimeSibling] = false
        case .addInfo:
            after[.added] = true
            infoCountAfter = 6
        case .removeInfo:
            after[.customSibling] = false
            infoCountAfter = 4
        case .startCustomLifespan:
            editingAfter = true
            after[.customSibling] = true
        case .stopCustomLifespan:
            editingAfter = false
            after[.customSibling] = false
            if cell.actorLifespan == .editing { after[.actor] = false }
        case .dropController:
            for role in MatrixRole.allCases { after[role] = false }
        case .postAnotherName, .postSameNameAgain:
            break
        }
    }
}

extension ReliabilityTests {
    /// Every lifecycle call a handler can make during its own delivery, for each lifespan of the handler's info and
    /// each delivery mode: no deadlock, no crash, no call after a stop, and the registrations the model predicts.
    @Suite("Re-entrancy matrix")
    struct ReentrancyMatrixTests {
        /// Each cell runs this often with new objects: Foundation's delivery order is hash order, so the actor runs
        /// sometimes before and sometimes after the siblings it stops.
        static let rounds = 6

        @Test("A handler acts on its own lifecycle during delivery", arguments: ReentrancyCase.all)
        func handlerActsDuringDelivery(_ cell: ReentrancyCase) {
            for round in 0..<Self.rounds {
                let problems = LockedValueBox<[String]>([])
                let body: @Sendable () -> Void = {
                    let found = Self.run(cell, round: round)
                    problems.withLock { $0 = found }
                }
                let finished: Bool
                if cell.mode == .mainActor {
                    finished = Self.onMainQueue(timeout: 10, body)
                } else {
                    finished = finishesInTime(10, body)
                }
                #expect(finished, "round \(round): deadlock — the post did not return within 10 s")
                guard finished else { return }
                for problem in problems.withLock({ $0 }) {
                    Issue.record("round \(round): \(problem)")
                }
            }
        }

        /// Runs `body` on the main queue (where main-actor handlers run at once) and waits at most `timeout`.
        private static func onMainQueue(timeout: TimeInterval, _ body: @escaping @Sendable () -> Void) -> Bool {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.main.async {
                body()
                done.signal()
            }
            return done.wait(timeout: .now() + timeout) == .success
        }

        /// Builds the controller, makes the first post, and returns every difference from the model.
        ///
        /// Each round registers the infos in another order, after another number of unrelated registrations, so that
        /// Foundation's hash order puts the actor at different places among its siblings.
        private static func run(_ cell: ReentrancyCase, round: Int) -> [String] {
            let center = NotificationCenter()
            let unrelated = (0..<round).map { _ in
                center.addObserver(forName: .unheard, object: nil, queue: nil) { _ in }
            }
            defer { unrelated.forEach(center.removeObserver) }
            var rng = SplitMix64(seed: UInt64(round))
            let posts = IDSource()
            let script = MatrixScript(cell: cell, center: center, posts: posts)
            let expectation = MatrixExpectation(cell)
            var problems: [String] = []

            let (_, diagnostics) = capturingDiagnostics {
                let controller = MatrixController(center: center, script: script)
                var made: [MatrixRole: NotificationInfo] = [:]
                for role in MatrixRole.allCases.filter({ $0 != .added }).shuffled(using: &rng) {
                    let lifespan: Lifespan
                    switch role {
                    case .actor: lifespan = cell.actorLifespan
                    case .visibleSibling: lifespan = .visible
                    case .customSibling: lifespan = .editing
                    default: lifespan = .lifetime
                    }
                    made[role] = controller.add(role, lifespan: lifespan, mode: cell.mode)
                }
                script.infos.withLock { $0 = made }
                if expectation.before[.visibleSibling]! { controller.notificationEngine.appear() }
                if expectation.before[.customSibling]! {
                    controller.notificationEngine.start(.editing)
                }
                made[.actor]!.startListening()  // already listening, unless its lifespan is the one the action starts
                script.holder.withLock { $0 = controller }
            }
            if !diagnostics.isEmpty { problems.append("setting up reported \(diagnostics)") }

            weak let probe = script.holder.withLock { $0 }
            let roles = MatrixRole.allCases
            for role in roles {
                let listening = script.infos.withLock { $0[role] }?.isListening ?? false
                if listening != expectation.before[role]! {
                    problems.append("before the post, \(role) listening is \(listening)")
                }
            }

            // The first post: the actor acts during its delivery.
            let first = posts.make()
            let (_, reports) = capturingDiagnostics {
                center.post(name: .ping, object: nil, userInfo: Post.userInfo(first))
            }
            if !reports.isEmpty { problems.append("the post reported \(reports)") }
            let events = script.events.withLock { $0 }
            problems += checkFirstPost(first, events: events, cell: cell, expectation: expectation)
            problems += checkNestedPosts(script.nestedPosts.withLock { $0 }, events: events, expectation: expectation)

            // Registrations afterwards, from the package's view and from probe posts.
            let infos = script.infos.withLock { $0 }
            for role in roles {
                let listening = infos[role]?.isListening ?? false
                if listening != expectation.after[role]! {
                    problems.append(
                        "after \(cell.action), expected \(role) \(expectation.after[role]! ? "" : "not ")to listen"
                    )
                }
            }
            if let controller = script.holder.withLock({ $0 }) {
                if controller.notificationEngine.isActive(.visible) != expectation.appearedAfter {
                    problems.append("expected isAppeared \(expectation.appearedAfter)")
                }
                if controller.notificationEngine.isActive(.editing) != expectation.editingAfter {
                    problems.append("expected the editing lifespan active: \(expectation.editingAfter)")
                }
                if controller.notificationEngine.infos.count != expectation.infoCountAfter {
                    problems.append(
                        "expected \(expectation.infoCountAfter) infos, found \(controller.notificationEngine.infos.count)"
                    )
                }
            } else if cell.action != .dropController {
                problems.append("the controller is gone")
            }
            if cell.action == .dropController, probe != nil {
                problems.append("the controller was not deallocated after its last reference was dropped")
            }
            let expectedListening = Set(infos.filter { expectation.after[$0.key]! }.values.map(ObjectIdentifier.init))
            let ledger = Set(RegistrationLedger.listeningInfos(on: center).map(ObjectIdentifier.init))
            if ledger != expectedListening {
                problems.append(
                    "the ledger's listening infos differ from the model (\(ledger.count) vs \(expectedListening.count))"
                )
            }
            problems += probePosts(center, posts: posts, script: script, infos: infos, expectation: expectation)

            // Releasing everything leaves nothing on the center.
            script.holder.withLock { $0 = nil }
            script.infos.withLock { $0 = [:] }
            return problems
        }

        /// During the first post: the actor ran once; a sibling the action stopped did not run after the action;
        /// a sibling that kept listening ran once; one the action started (after Foundation's snapshot) did not run.
        private static func checkFirstPost(
            _ post: Int,
            events: [String],
            cell: ReentrancyCase,
            expectation: MatrixExpectation
        ) -> [String] {
            var problems: [String] = []
            guard let acted = events.firstIndex(of: "acted \(post)") else { return ["the actor never acted"] }
            for role in MatrixRole.allCases where role.name == .ping {
                let runs = events.indices.filter { events[$0] == "ran \(role.rawValue) \(post)" }
                let before = expectation.before[role]!
                let after = expectation.after[role]!
                if role == .actor {
                    if runs.count != 1 { problems.append("the actor ran \(runs.count) times in the first post") }
                } else if !before {
                    if !runs.isEmpty { problems.append("\(role), started during the post, ran in it") }
                } else if after {
                    if runs.count != 1 { problems.append("\(role) ran \(runs.count) times in the first post") }
                } else {
                    if runs.count > 1 { problems.append("\(role) ran \(runs.count) times in the first post") }
                    if let late = runs.first(where: { $0 > acted }) {
                        problems.append("\(role) ran after \(cell.action) stopped it (event \(late) > \(acted))")
                    }
                }
            }
            return problems
        }

        /// A post made by the actor reaches every info of its name that listens after the action, once.
        private static func checkNestedPosts(
            _ nested: [Int: Notification.Name],
            events: [String],
            expectation: MatrixExpectation
        ) -> [String] {
            var problems: [String] = []
            for (post, name) in nested {
                for role in MatrixRole.allCases {
                    let runs = events.filter { $0 == "ran \(role.rawValue) \(post)" }.count
                    let expected = role.name == name && expectation.after[role]! ? 1 : 0
                    if runs != expected {
                        problems.append("nested post of \(name.rawValue): \(role) ran \(runs) times, not \(expected)")
                    }
                }
            }
            return problems
        }

        /// Probe posts after the action: exactly the infos the model says listen run, once; on queues, the center
        /// itself adds one operation per listening info and none for the others.
        private static func probePosts(
            _ center: NotificationCenter,
            posts: IDSource,
            script: MatrixScript,
            infos: [MatrixRole: NotificationInfo],
            expectation: MatrixExpectation
        ) -> [String] {
            var problems: [String] = []
            for name in [Notification.Name.ping, .pong] {
                let queues = infos.compactMapValues { $0.queue as? CountingQueue }
                let before = queues.mapValues(\.addedCount)
                let id = posts.make()
                center.post(name: name, object: nil, userInfo: Post.userInfo(id))
                let events = script.events.withLock { $0 }
                for role in MatrixRole.allCases {
                    let expected = role.name == name && expectation.after[role]! ? 1 : 0
                    let runs = events.filter { $0 == "ran \(role.rawValue) \(id)" }.count
                    if runs != expected {
                        problems.append("probe \(name.rawValue): \(role) ran \(runs) times, not \(expected)")
                    }
                    if let queue = queues[role], queue.addedCount - before[role]! != expected {
                        problems.append(
                            "probe \(name.rawValue): the center added \(queue.addedCount - before[role]!) operations "
                                + "for \(role), not \(expected)"
                        )
                    }
                }
            }
            return problems
        }
    }
}
