import Foundation
import UIKit

/// The script for a service that listens for its whole life: two posts, the release, a post after it. Posts are
/// made on the main actor, as AppleSemanticsCenter delivers (the original's center).
@MainActor
enum ServiceScript {
    struct Outcome: Equatable {
        /// The count after the first post and after the second.
        var heard: [Int]
        var released: Bool
    }

    nonisolated static let name = Notification.Name("PhotoLibraryDidChange")

    static func postOnApplesCenter() { AppleSemanticsCenter.default.post(name: name) }
    static func postOnFoundationsCenter() { NotificationCenter.default.post(name: name, object: nil) }

    static func drive<Service: AnyObject>(
        _ make: () -> Service,
        post: () -> Void,
        count: (Service) -> Int
    ) -> Outcome {
        var service: Service? = make()
        weak let probe = service
        post()
        let first = count(service!)
        post()
        let second = count(service!)
        service = nil
        post()
        return Outcome(heard: [first, second], released: probe == nil)
    }

    /// A post from another thread runs the migrated service's closure there, before `post` returns, as Foundation
    /// runs a selector observer on the posting thread: the count is raised when the detached task ends.
    static func countAfterAPostFromAnotherThread<Service: AnyObject>(
        _ make: () -> Service,
        count: (Service) -> Int
    ) async -> (before: Int, after: Int) {
        let service = make()
        let before = count(service)
        await Task.detached { NotificationCenter.default.post(name: name, object: nil) }.value
        return (before, count(service))
    }
}
