import Foundation
import Testing

@testable import NotificationLifecycle

/// Notes the first finish of a notification sequence once the stop began: a finish resumes the consumer waiting in
/// the sequence's `next()`, which enqueues it on its executor in the finishing call itself.
private final class FirstFinish: @unchecked Sendable {
    // Safe: every field is only touched while `lock` is held.
    private let lock = NSLock()
    private var watching = false
    private var started = 0
    /// Called once, on the stopping thread, at the first finish.
    private var action: (@Sendable () -> Void)?

    func consumerStarted() { lock.withLock { started += 1 } }
    var startedConsumers: Int { lock.withLock { started } }
    func watch(then action: @escaping @Sendable () -> Void) { lock.withLock { self.action = action } }

    /// Whether the action ran: a consumer waited in `next()` when the first sequence finished.
    private var ran = false
    var actionRan: Bool { lock.withLock { ran } }

    func enqueued() {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            defer { self.action = nil }
            if self.action != nil { ran = true }
            return self.action
        }
        action?()
    }
}

/// Runs its consumer's jobs on global queues, telling `finish` of each job enqueued.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
private final class NotingExecutor: TaskExecutor {
    let finish: FirstFinish

    init(_ finish: FirstFinish) {
        self.finish = finish
    }

    func enqueue(_ job: consuming ExecutorJob) {
        finish.enqueued()
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

// The time limit stops a hang; it is no measure.
@Suite("The sequences of one stop", .timeLimit(.minutes(10)))
struct SequenceStopOrderTests {
    /// One stop removes the registrations of all its sequences before it finishes any: no sequence ends while another
    /// of the same stop still stands. A message posted when the first sequence finishes, after the stop began, reaches
    /// no message sequence of that stop (a message sequence takes every call its registration gets until it is
    /// removed, as the calls of posts made before its stop).
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @Test func aMessagePostedWhenTheFirstSequenceOfAStopFinishesReachesNoneOfIt() async throws {
        let center = NotificationCenter()
        let engine = NotificationEngine(center: center)
        engine.appear()
        let first = FirstFinish()
        var notificationConsumers: [Task<Void, Never>] = []
        var messageConsumers: [Task<[Int], Never>] = []
        // Eight of each: a stop that finished each sequence right after removing its own registration would leave
        // some message sequence standing at the first finish, in all but one of 12,870 orders of the engine's table.
        for index in 0..<8 {
            let name = Notification.Name("SequenceStopOrderTests.\(index)")
            let notifications = engine.notifications(named: name, during: .visible, buffering: .unbounded)
            notificationConsumers.append(
                Task(executorPreference: NotingExecutor(first)) {
                    first.consumerStarted()
                    for await _ in notifications {}
                }
            )
            let messages = engine.messages(for: Synced.self, during: .visible, buffering: .unbounded)
            messageConsumers.append(
                Task {
                    var numbers: [Int] = []
                    for await message in messages { numbers.append(message.number) }
                    return numbers
                }
            )
        }
        while first.startedConsumers < notificationConsumers.count { try await Task.sleep(for: .milliseconds(1)) }
        // Time for each consumer to reach its sequence's `next()` and wait there.
        try await Task.sleep(for: .milliseconds(500))
        first.watch { center.post(Synced(number: 1)) }
        engine.disappear()
        // Else nothing was posted at the first finish, and the expectations below would check nothing.
        #expect(first.actionRan)
        for consumer in notificationConsumers { await consumer.value }
        for consumer in messageConsumers { #expect(await consumer.value == []) }
    }
}
