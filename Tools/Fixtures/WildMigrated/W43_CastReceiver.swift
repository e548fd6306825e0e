// swift-format-ignore-file
// A cast receiver the app starts and stops: its one initialiser is written on one line, so the listeners declared
// there open its body onto lines of their own, as a person would write them. Its names are declared above its
// imports, so the import the migration adds goes at the top of the file.

import NotificationLifecycle

extension Notification.Name {
    static let castSessionDidPause = Notification.Name("CastSessionDidPause")
    static let castSessionDidResume = Notification.Name("CastSessionDidResume")
}

import UIKit

// outcome: migrated
@MainActor
final class CastReceiver: NSObject, MainActorNotificationEngineOwner {
    nonisolated let notificationEngine = NotificationEngine()
    static let shared = CastReceiver()
    private(set) var pauses = 0
    private(set) var resumes = 0

    override private init() {
        super.init()
        addNotificationInfo(forName: .castSessionDidPause, lifespan: .custom("start")) { owner, note in
            owner.sessionDidPause(note)
        }
        addNotificationInfo(forName: .castSessionDidResume, lifespan: .custom("start")) { owner, note in
            owner.sessionDidResume(note)
        }
    }

    func start() {
        notificationEngine.start(.custom("start"))
    }

    func stop() {
        notificationEngine.stop(.custom("start"))
    }

    @objc private func sessionDidPause(_ note: Notification) { pauses += 1 }
    @objc private func sessionDidResume(_ note: Notification) { resumes += 1 }
}
