import Foundation
import Testing

@testable import NotificationLifecycle

@Suite("listen(during:)")
struct ListenDuringTests {
    let center = NotificationCenter()

    struct SaveFailed: Error {}

    @Test func listensOnlyDuringTheBody() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .save, center: center) { _ in calls.record(1) }
        let value = info.listen {
            center.post(name: .save, object: nil)
            return 42
        }
        center.post(name: .save, object: nil)
        #expect(value == 42)
        #expect(calls.count == 1)
        #expect(!info.isListening)
    }

    @Test func stopsWhenTheBodyThrows() {
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .save, center: center) { _ in calls.record(1) }
        #expect(throws: SaveFailed.self) {
            try info.listen {
                center.post(name: .save, object: nil)
                throw SaveFailed()
            }
        }
        #expect(!info.isListening)
        center.post(name: .save, object: nil)
        #expect(calls.count == 1)
    }

    @Test func infoListeningBeforeIsStillListeningAfter() {
        let info = NotificationInfo(name: .save, center: center) { _ in }
        info.startListening()
        info.listen { #expect(info.isListening) }
        #expect(info.isListening)
        info.stopListening()
    }

    @Test func explicitStartInsideTheBodyKeepsListening() {
        let info = NotificationInfo(name: .save, center: center) { _ in }
        info.listen { info.startListening() }
        #expect(info.isListening)
        info.stopListening()
    }

    @Test func nestedCallsStopAtTheOutermostEnd() {
        let info = NotificationInfo(name: .save, center: center) { _ in }
        info.listen {
            info.listen { #expect(info.isListening) }
            #expect(info.isListening)
        }
        #expect(!info.isListening)
    }

    @Test func asyncFormStopsAfterTheBody() async throws {
        let calls = Recorder<Int>()
        let info = NotificationInfo(name: .save, center: center) { _ in calls.record(1) }
        try await info.listen {
            try await Task.sleep(nanoseconds: 1_000)
            center.post(name: .save, object: nil)
        }
        center.post(name: .save, object: nil)
        #expect(calls.count == 1)
        #expect(!info.isListening)
    }

    @Test func asyncFormStopsWhenItsTaskIsCancelled() async {
        let info = NotificationInfo(name: .save, center: center) { _ in }
        let started = AsyncStream<Void>.makeStream()
        let task = Task {
            try await info.listen {
                started.continuation.yield()
                try await Task.sleep(nanoseconds: 60_000_000_000)
            }
        }
        for await _ in started.stream { break }
        #expect(info.isListening)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!info.isListening)
    }
}
