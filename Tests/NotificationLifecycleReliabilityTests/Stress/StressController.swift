import Foundation
import NotificationLifecycle

/// The infos every stress controller declares: each name, lifespan and sender filter once.
enum StressRole: String, CaseIterable, Sendable {
    case lifetimeAny
    case lifetimeFromFirst
    case visibleAny
    case visibleFromSecond
    case editingAny
    case syncingFromFirst

    var name: Notification.Name {
        switch self {
        case .lifetimeAny, .lifetimeFromFirst, .editingAny: return .ping
        case .visibleAny, .visibleFromSecond, .syncingFromFirst: return .pong
        }
    }

    var lifespan: Lifespan {
        switch self {
        case .lifetimeAny, .lifetimeFromFirst: return .lifetime
        case .visibleAny, .visibleFromSecond: return .visible
        case .editingAny: return .editing
        case .syncingFromFirst: return .syncing
        }
    }

    /// The index of the sender it filters on, or `nil` for any sender.
    var sender: Int? {
        switch self {
        case .lifetimeFromFirst, .syncingFromFirst: return 0
        case .visibleFromSecond: return 1
        case .lifetimeAny, .visibleAny, .editingAny: return nil
        }
    }

    var selector: String { "\(rawValue):" }
    var mainActorSelector: String { "\(rawValue)OnMainActor:" }
}

/// Counts main-actor handler calls per handler and post without a lock: only the main actor touches it, so a call
/// made anywhere else is a data race that ThreadSanitizer reports.
@MainActor
final class MainActorLog {
    private var counts: [DeliveryLog.Call: Int] = [:]

    nonisolated init() {}

    func record(_ handler: String, _ notification: Notification) {
        counts[DeliveryLog.Call(handler: handler, post: Post.id(of: notification) ?? -1), default: 0] += 1
    }

    var repeated: [DeliveryLog.Call: Int] { counts.filter { $0.value > 1 } }
    var total: Int { counts.values.reduce(0, +) }
}

/// An owner of the stress tests: declares one info per ``StressRole`` for its delivery mode when made.
///
/// An engine owner, not a `ControllerBase`: the threads make and release owners, and a controller is main-actor. What
/// the stress is after, the engine under contention, is the same.
final class StressController: NotificationEngineOwner, NotificationSelectorResponder, Sendable {
    let notificationEngine: NotificationEngine
    let serial: Int
    let log: DeliveryLog
    let mainLog: MainActorLog

    static var notificationSelectors: NotificationSelectorTable {
        var table = NotificationSelectorTable()
        for role in StressRole.allCases {
            table = table.adding(role.selector) { (controller: StressController) in
                { note in controller.log.record("c\(controller.serial).\(role.rawValue)", note) }
            }
            table = table.adding(
                role.mainActorSelector,
                onMainActor: { (controller: StressController, note) in
                    controller.mainLog.record("c\(controller.serial).\(role.rawValue)", note)
                }
            )
        }
        return table
    }

    init(
        serial: Int,
        center: NotificationCenter,
        mode: DeliveryMode,
        senders: [Sender],
        log: DeliveryLog,
        mainLog: MainActorLog
    ) {
        self.serial = serial
        self.log = log
        self.mainLog = mainLog
        notificationEngine = NotificationEngine(center: center)
        for role in StressRole.allCases {
            let sender = role.sender.map { senders[$0] }
            switch mode {
            case .postingThread:
                addNotificationInfo(
                    forName: role.name,
                    selector: role.selector,
                    object: sender,
                    lifespan: role.lifespan
                )
            case .operationQueue:
                notificationEngine.add(
                    NotificationInfo(
                        observer: self,
                        selector: role.selector,
                        name: role.name,
                        object: sender,
                        lifespan: role.lifespan,
                        center: notificationEngine.center,
                        queue: CountingQueue()
                    )
                )
            case .mainActor:
                addNotificationInfo(
                    forName: role.name,
                    selector: role.mainActorSelector,
                    object: sender,
                    lifespan: role.lifespan
                )
            }
        }
    }
}
