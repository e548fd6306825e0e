// DocC: "Coming from addObserver, Combine or async sequences". The article shows these classes verbatim;
// ComingFromOtherAPIsTests runs them side by side.
import Foundation
import NotificationLifecycle

// Used from one thread, as a screen is; Foundation calls the block on the
// posting thread.
nonisolated final class HandWrittenFeedScreen: @unchecked Sendable {
    private let center: NotificationCenter
    private var token: (any NSObjectProtocol)?
    private(set) var reloads = 0

    init(center: NotificationCenter) {
        self.center = center
    }

    func viewWillAppear() {
        token = center.addObserver(
            forName: .messagesDidArrive,
            object: nil,
            queue: nil
        ) { [weak self] _ in
            self?.reload()
        }
    }

    func viewDidDisappear() {
        if let token { center.removeObserver(token) }
        token = nil
    }

    deinit {
        if let token { center.removeObserver(token) }
    }

    func reload() { reloads += 1 }
}

final class DeclaredInbox: ControllerBase {
    private(set) var reloads = 0

    override func populateNotificationInfos() {
        super.populateNotificationInfos()
        addVisibleNotificationInfo(forName: .messagesDidArrive) { inbox, _ in
            inbox.reload()
        }
    }

    func reload() { reloads += 1 }
}
