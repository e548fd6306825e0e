import Testing

@testable import NotificationLifecycle

@Suite("KeyHashCounts")
struct KeyHashCountsTests {
    @Test func countsEachHashAndAnswersTheEarlierCount() {
        var counts = KeyHashCounts()
        #expect(counts.countOneMore(42) == 0)
        #expect(counts.countOneMore(42) == 1)
        #expect(counts.countOneMore(-7) == 0)
        #expect(counts.count(of: 42) == 2)
        counts.countOneFewer(42)
        #expect(counts.count(of: 42) == 1)
        counts.countOneFewer(99)  // never counted: left alone
        #expect(counts.count(of: 99) == 0)
        counts.removeAll()
        #expect(counts.count(of: 42) == 0)
        #expect(counts.count(of: -7) == 0)
    }

    /// Hashes that share their low bits collide in the table; removing one in the middle of a run of collisions
    /// must leave every other one reachable (the backward shift), through growth and wrap-around alike.
    @Test func agreesWithADictionaryThroughCollisionsRemovalsAndGrowth() {
        var counts = KeyHashCounts()
        var model: [Int: Int] = [:]
        var generator = SplitMix(seed: 0x5EED)
        for step in 0..<20_000 {
            // Few distinct low bits (multiples of 1,024 plus 0-7, some negative): long collision runs.
            let hash = Int(generator.next() % 8) + 1_024 * (Int(generator.next() % 64) - 32)
            if generator.next() % 3 == 0 {
                counts.countOneFewer(hash)
                if let count = model[hash] { model[hash] = count > 1 ? count - 1 : nil }
            } else {
                #expect(counts.countOneMore(hash) == model[hash, default: 0], "step \(step)")
                model[hash, default: 0] += 1
            }
            if step % 1_000 == 0 {
                for (hash, count) in model { #expect(counts.count(of: hash) == count, "step \(step)") }
            }
        }
        for (hash, count) in model { #expect(counts.count(of: hash) == count) }
    }
}

/// A small deterministic generator, so that a failure repeats.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
