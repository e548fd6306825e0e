// README: "The problem" and "Listening around a save". The README shows these types verbatim;
// ReadmeProblemTests checks that the two inboxes behave alike and that the save snippet hears one save.
import Foundation
import NotificationLifecycle

final class HandWrittenInbox: @unchecked Sendable {
    private let center: NotificationCenter
    private var signOutToken: (any NSObjectProtocol)?
    private var messagesToken: (any NSObjectProtocol)?
    private(set) var reloads = 0
    private(set) var isSignedOut = false

    init(center: NotificationCenter) {
        self.center = center
        signOutToken = center.addObserver(forName: .accountDidSignOut, object: nil, queue: nil) {
            [weak self] _ in self?.isSignedOut = true
        }
    }

    func appear() {
        guard messagesToken == nil else { return }  // without this guard, a second appear() registers again
        messagesToken = center.addObserver(forName: .messagesDidArrive, object: nil, queue: nil) {
            [weak self] _ in self?.reloads += 1
        }
    }

    func disappear() {
        if let messagesToken { center.removeObserver(messagesToken) }
        messagesToken = nil
    }

    deinit {
        if let signOutToken { center.removeObserver(signOutToken) }
        if let messagesToken { center.removeObserver(messagesToken) }
    }
}

extension Notification.Name {
    nonisolated static let messagesDidArrive =
        Notification.Name("MessagesDidArrive")
    nonisolated static let accountDidSignOut =
        Notification.Name("AccountDidSignOut")
}

final class Inbox: ControllerBase {
    private(set) var reloads = 0
    private(set) var isSignedOut = false

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addLifetimeNotificationInfo(forName: .accountDidSignOut) { inbox, _ in inbox.isSignedOut = true }
        addVisibleNotificationInfo(forName: .messagesDidArrive) { inbox, _ in inbox.reloads += 1 }
    }
}

extension Notification.Name {
    static let storeDidSave = Notification.Name("ReadmeProblem.StoreDidSave")
}

/// A store that posts `.storeDidSave` with the ids it inserted, and can be made to fail.
final class NoteStore: Sendable {
    struct SaveFailed: Error {}

    let center: NotificationCenter
    let fails: Bool

    init(center: NotificationCenter, fails: Bool = false) {
        self.center = center
        self.fails = fails
    }

    func save() throws {
        if fails { throw SaveFailed() }
        center.post(name: .storeDidSave, object: self, userInfo: ["inserted": [1, 2]])
    }
}
