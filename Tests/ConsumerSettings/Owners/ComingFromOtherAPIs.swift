// Compiled unchanged in each module setting by .ci/consumer-settings.sh; .ci/check-readme-snippets.sh --owners
// checks that every owner block of the articles stands here verbatim.
import Foundation
import NotificationLifecycle

// "Coming from other APIs".
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

func countArrivals(center: NotificationCenter) async -> Int {
    let engine = NotificationEngine(center: center)
    engine.appear()
    let arrivals = engine.notifications(
        named: .messagesDidArrive,
        during: .visible,
        buffering: .unbounded
    )
    center.post(name: .messagesDidArrive, object: nil)
    center.post(name: .messagesDidArrive, object: nil)
    engine.disappear()
    var heard = 0
    for await _ in arrivals {  // ends at engine.disappear()
        heard += 1
    }
    return heard
}
