import Foundation

/// Every misuse the package reports, with its rule and text: one table, so that a report is one line where it is
/// found. `info` is an info's description (`"\(info)"`), `made` where it was made (`fileID:line`). The Diagnostics
/// article and the tests quote these texts.
enum Misuse {
    /// A released observer (else sender): met by a start, with where the info was `made`, or while the info
    /// listened (`made` is `nil`). The one report of both, for an info's start and a listener's delivery.
    case released(observer: Bool, info: String, made: String?)
    case nameNil(info: String)
    case emptyName(info: String)
    case emptyLifespanName(info: String)
    case infoAddedAgain(info: String)
    case duplicateListener(info: String, first: String)
    /// The 10th, 100th… duplicate from one line.
    case duplicates(count: Int, of: String, first: String)
    case centerMismatch(info: String)
    case foreignAdd(info: String)
    case foreignRemove(info: String)
    case lifetimeStop
    case stopAllWhilePopulating
    case callWhilePopulating(call: String)
    case engineFinished(call: String)
    case messageConflict(everyNotification: String, message: String)
    case superNotCalled(type: String, skipped: String)
    case superNotFirst(type: String, count: Int, first: String)
    case populateOutsideInit(type: String)
    case notASelector(name: String, reason: String)
    case selectorArity(name: String, takesNotification: Bool, methodTakesNotification: Bool)
    case unanswered(type: String, selector: String, reason: String)
    case sequenceDropped(what: String, lifespan: String, buffer: String)

    var rule: NotificationDiagnostic.Rule {
        switch self {
        case .released(let observer, _, _): observer ? .observerReleased : .senderReleased
        case .nameNil, .messageConflict: .everyNotification
        case .emptyName, .emptyLifespanName: .emptyName
        case .infoAddedAgain, .duplicateListener, .duplicates: .duplicateRegistration
        case .centerMismatch: .centerMismatch
        case .foreignAdd, .foreignRemove: .foreignInfo
        case .lifetimeStop: .lifetimeStop
        case .stopAllWhilePopulating, .callWhilePopulating, .populateOutsideInit: .populateMisuse
        case .engineFinished: .engineFinished
        case .superNotCalled, .superNotFirst: .superNotCalled
        case .notASelector, .selectorArity, .unanswered: .unknownSelector
        case .sequenceDropped: .sequenceDroppedValues
        }
    }

    var message: String {
        switch self {
        case .released(true, let info, let made?):
            "Expected the observer of \(info) (made at \(made)) to be alive when starting, but it was released. "
                + "Make a new info for a live observer, or keep the observer. It does not listen; this is reported "
                + "once."
        case .released(false, let info, let made?):
            "Expected the sender that \(info) (made at \(made)) filters on to be alive when starting, but it was "
                + "released; the info will not widen to any sender. Make a new info for a live sender. It does not "
                + "listen; this is reported once."
        case .released(true, let info, nil):
            "Expected the observer of \(info) to be stopped before it was released, but it was released while "
                + "listening. Its registration is dropped. Call stopListening() before releasing the observer, or "
                + "let a ControllerBase own the info."
        case .released(false, let info, nil):
            "Expected the sender that \(info) filters on to outlive its listening, but it was released. Its "
                + "registration is dropped; the info does not widen to any sender. Stop the info before releasing "
                + "the sender."
        case .nameNil(let info):
            "Expected a notification name, but \(info) has name nil and will receive every notification. On "
                + "Linux, Foundation crashes when a typed message is posted on a center with such an observer. "
                + "Give the info a name unless you really need every notification."
        case .emptyName(let info):
            "Expected a notification name, but \(info) has the empty name \"\", which is almost certainly a "
                + "mistake. Use the name the poster uses."
        case .emptyLifespanName(let info):
            "Expected a custom lifespan to have a name, but \(info) uses .custom(\"\"). Name it, such as "
                + ".custom(\"editing\")."
        case .infoAddedAgain(let info):
            "Expected each info to be added once, but \(info) was added again. Add it once; it is not registered "
                + "twice." + Self.laterDuplicates
        case .duplicateListener(let info, let first):
            "Expected each listener to be added once, but \(info) has the same name, sender, lifespan and handler "
                + "as one already added (first added from \(first)). Remove one of them; the second is not "
                + "registered." + Self.laterDuplicates
        case .duplicates(let count, let existing, let first):
            "Expected each listener to be added once, but this line has now added \(count) duplicates of "
                + "\(existing) (first added from \(first)), reported at the 1st, the 10th, the 100th and so on. "
                + "Add it once; no duplicate is registered."
        case .centerMismatch(let info):
            "Expected an info added to an engine to register with the engine's center, but \(info) registers with "
                + "another one. Make it with center: notificationEngine.center, or use the shorthands, which use "
                + "the engine's center; it is not added."
        case .foreignAdd(let info):
            "Expected an info to belong to one owner, but \(info) already belongs to another controller or "
                + "engine. Make a new info for this one; it is not added."
        case .foreignRemove(let info):
            "Expected to remove an info of this controller, but \(info) was not added to it. Remove it from the "
                + "controller it was added to, or call stopListening() on it."
        case .lifetimeStop:
            "Expected lifetime infos to listen until their owner is released, but stop(.lifetime) was called. Use "
                + "a custom lifespan for listeners that pause; in a deinit, remove the call, as releasing the owner "
                + "stops every info. Nothing was stopped."
        case .stopAllWhilePopulating:
            "Expected stopAll() after the controller is initialised, but it was called during "
                + "populateNotificationInfos(). Only declare infos there; releasing the controller stops them. "
                + "Nothing was stopped."
        case .callWhilePopulating(let call):
            "Expected \(call) after the controller is initialised, but it was called during "
                + "populateNotificationInfos(). Only declare infos there; the lifetime ones start at the end of "
                + "init. Nothing was changed."
        case .engineFinished(let call):
            "Expected \(call) on an engine that still runs, but its owner was released or stopAll() was called, "
                + "and it holds nothing any more. Make a new engine (or controller). If this runs in a deinit, "
                + "remove the call: releasing the owner already stopped every info."
        case .messageConflict(let everyNotification, let message):
            "Expected no name-nil info on a center where typed messages are listened to, but \(everyNotification) "
                + "and \(message) share one center. On Linux, Foundation crashes when a typed message is posted on "
                + "a center that has a name-nil observer. Give the info a name, or register it with another center."
        case .superNotCalled(let type, let skipped):
            "Expected \(type).populateNotificationInfos() to call super.populateNotificationInfos(), but it did "
                + "not: \(skipped). Call super first in populateNotificationInfos()."
        case .superNotFirst(let type, let count, let first):
            "Expected \(type).populateNotificationInfos() to call super first, but \(count) info(s) were added "
                + "before it, the first here: \(first). Call super first in populateNotificationInfos(); the infos "
                + "are kept."
        case .populateOutsideInit(let type):
            "Expected populateNotificationInfos() to be called only by ControllerBase.init, but it was called on "
                + "\(type) later. Do not call it yourself; infos it adds again are refused as duplicates."
        case .notASelector(let name, let reason):
            "Expected a selector name, but \"\(name)\" is not one: \(reason). The entry is left out."
        case .selectorArity(let name, let takesNotification, let methodTakesNotification):
            "Expected \"\(name)\" to be bound to a method that "
                + (takesNotification ? "takes the notification" : "takes no argument")
                + ", but the method given \(methodTakesNotification ? "takes the notification" : "takes no argument"): "
                + (methodTakesNotification
                    ? "name it \"\(name):\" or bind a method that takes no argument"
                    : "name it \"\(name.dropLast())\" or bind a method that takes the notification")
                + ". The entry is left out."
        case .unanswered(let type, let selector, let reason):
            "Expected \(type) to answer the selector \"\(selector)\", but its notificationSelectors table "
                + "\(reason). Add it with .adding(\"\(selector)\", \(type).method) in notificationSelectors. This "
                + "info will not listen."
        case .sequenceDropped(let what, let lifespan, let buffer):
            "Expected the sequence of \(what) during \(lifespan) to keep every value, but its buffer (\(buffer)) "
                + "was full and a value was dropped. Iterate it faster or buffer more; later drops of this sequence "
                + "are not reported."
        }
    }

    private static let laterDuplicates =
        " Later duplicates of it from this line are counted, and reported at the 10th, the 100th and so on."

    /// The report of this misuse at `fileID`:`line`.
    func at(_ fileID: String?, _ line: Int?) -> NotificationDiagnostic {
        NotificationDiagnostic(rule: rule, message: message, fileID: fileID, line: line)
    }

    /// Reports this misuse, made at `fileID`:`line`, about an engine or info of `center`. With `once`, a problem of
    /// the declaration at that line, told apart by `once` (such as the selector name), is reported once per receiving
    /// scope (outside any: once per process). Never call it while holding a package lock.
    func report(_ fileID: String?, _ line: Int?, about center: NotificationCenter?, once: String? = nil) {
        let site = once.map { "\(rule.name) \(fileID ?? ""):\(line ?? 0) \($0)" }
        DiagnosticRouting.route(at(fileID, line), about: center, oncePer: site)
    }
}
