import Foundation

/// Every misuse the package reports, with its rule and text: one table, so that a report is one line where it is
/// found. `info` is an info's description (`"\(info)"`), `made` where it was made (`fileID:line`). The Diagnostics
/// article and the tests quote these texts.
enum Misuse: Equatable {
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
    /// `skipped`: the superclasses whose listeners were not declared.
    case superNotCalled(type: String, skipped: [String])
    case superNotFirst(type: String, count: Int, first: String)
    case populateOutsideInit(type: String)
    case notASelector(name: String, reason: String)
    /// A name whose colon (`takesNotification`) does not match the method's arity.
    case selectorArity(name: String, methodTakesNotification: Bool)
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
            "Expected the observer of \(info) (made at \(made)) to be alive when starting, but it was released; the "
                + "info does not listen. Keep the observer, or make a new info for a live one."
        case .released(false, let info, let made?):
            "Expected the sender of \(info) (made at \(made)) to be alive when starting, but it was released; the info "
                + "does not listen, and will not widen to any sender. Make a new info for a live sender."
        case .released(true, let info, nil):
            "Expected the observer of \(info) to be stopped before it was released, but it was released while "
                + "listening; its registration is dropped. Call stopListening() first, or let a ControllerBase own it."
        case .released(false, let info, nil):
            "Expected the sender of \(info) to outlive its listening, but it was released; its registration is "
                + "dropped, and the info does not widen to any sender. Stop the info before releasing the sender."
        case .nameNil(let info):
            "Expected a notification name, but \(info) has name nil: on Linux, Foundation crashes when a typed message "
                + "is posted on a center with such an observer. Give the info a name."
        case .emptyName(let info):
            "Expected a notification name, but \(info) has the empty name \"\". Use the name the poster uses."
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
            "Expected \(info) to register with its engine's center, but it registers with another; it is not added. "
                + "Make it with center: notificationEngine.center, or use the shorthands."
        case .foreignAdd(let info):
            "Expected an info to belong to one owner, but \(info) already belongs to another controller or engine; it "
                + "is not added. Make a new info for this one."
        case .foreignRemove(let info):
            "Expected to remove an info of this controller, but \(info) was not added to it. Remove it from its own "
                + "controller, or call stopListening() on it."
        case .lifetimeStop:
            "Expected lifetime infos to listen until their owner is released, but stop(.lifetime) was called; nothing "
                + "was stopped. Use a custom lifespan for listeners that pause; in a deinit, remove the call."
        case .stopAllWhilePopulating:
            Self.callWhilePopulating(call: "stopAll()").message
        case .callWhilePopulating(let call):
            "Expected \(call) after the controller is initialised, but it was called during "
                + "populateNotificationInfos(); nothing was changed. Only declare infos there."
        case .engineFinished(let call):
            "Expected \(call) on an engine that still runs, but its owner was released or stopAll() was called. Make a "
                + "new engine (or controller); in a deinit, remove the call."
        case .messageConflict(let everyNotification, let message):
            "Expected no name-nil info beside typed messages, but \(everyNotification) and \(message) share a center, "
                + "where Foundation on Linux crashes posting a typed message. Give the info a name, or use another "
                + "center."
        case .superNotCalled(let type, let skipped):
            "Expected \(type).populateNotificationInfos() to call super.populateNotificationInfos(), but it did not: "
                + (skipped.isEmpty
                    ? "no listener was lost this time (ControllerBase declares none)"
                    : "the listeners that \(skipped.joined(separator: " and ")) declare"
                        + (skipped.count == 1 ? "s" : "")
                        + " in populateNotificationInfos() were never added") + ". Call super first."
        case .superNotFirst(let type, let count, let first):
            "Expected \(type).populateNotificationInfos() to call super first, but \(count) info(s) were added before "
                + "it, the first here: \(first). Call super first; the infos are kept."
        case .populateOutsideInit(let type):
            "Expected populateNotificationInfos() to be called only by ControllerBase.init, but it was called on "
                + "\(type) later. Do not call it yourself; infos it adds again are refused as duplicates."
        case .notASelector(let name, let reason):
            "Expected a selector name, but \"\(name)\" is not one: \(reason). The entry is left out."
        case .selectorArity(let name, let given):
            "Expected \"\(name)\" to be bound to a method that takes \(given ? "no argument" : "the notification"), "
                + "but the method given takes \(given ? "the notification" : "no argument"): name it "
                + "\"\(given ? name + ":" : String(name.dropLast()))\" or bind another method; the entry is left out."
        case .unanswered(let type, let selector, let reason):
            "Expected \(type) to answer the selector \"\(selector)\", but its notificationSelectors table \(reason). "
                + "Add it with .adding(\"\(selector)\", \(type).method); this info will not listen."
        case .sequenceDropped(let what, let lifespan, let buffer):
            "Expected the sequence of \(what) during \(lifespan) to keep every value, but its buffer (\(buffer)) was "
                + "full. Iterate it faster or buffer more; later drops of this sequence are not reported."
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
