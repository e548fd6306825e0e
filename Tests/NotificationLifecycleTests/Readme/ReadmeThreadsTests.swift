import Foundation
import NotificationLifecycle
import Testing

@Suite("README: threads")
struct ReadmeThreadsTests {
    @Test func theSendableServiceCountsEveryPostFromEightTasks() async {
        let center = NotificationCenter()
        let badge = UnreadBadge(center: center)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<100 { center.post(name: .messagesDidArrive, object: nil) }
                }
            }
            // Read while the tasks post: the state is behind the service's Mutex.
            group.addTask { _ = badge.count }
        }
        #expect(badge.count == 800)
    }
}
