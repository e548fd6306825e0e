import Foundation

/// A small, fast, non-cryptographic hash for registration keys.
///
/// An engine counts each info it adds by its key's hash, so every info made by a shorthand hashes its key once.
/// `Hasher` (SipHash with a per-process seed) cost several hundred instructions there, most of them spent on the
/// notification name. This mixes the name eight bytes at a time with multiply-xorshift steps and ends with
/// SplitMix64's finaliser, so that the low bits an engine's table indexes by depend on every input bit.
///
/// It is not keyed: equal keys hash equally in every process (strings are combined so that strings equal by `==`
/// combine equally, see `combine(_: String)`), and anyone who chooses the names can make them collide. A collision
/// costs an engine one search of its infos and is never taken for a duplicate: equality compares the keys
/// themselves.
struct KeyHasher {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    mutating func combine(_ value: UInt64) {
        state = (state ^ value) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 32
    }

    mutating func combine(_ value: Int) {
        combine(UInt64(UInt(bitPattern: value)))
    }

    mutating func combine(_ identifier: ObjectIdentifier?) {
        combine(identifier.map { UInt64(UInt(bitPattern: $0)) } ?? 0)
    }

    /// Combines the string so that strings equal by `==` combine equally, with their byte count, so that "ab" + "c"
    /// and "a" + "bc" differ.
    ///
    /// `==` compares strings by canonical equivalence ("caf\u{E9}" equals "cafe\u{301}", and "\u{212A}", the
    /// Kelvin sign, equals "K"), as the center does when it matches names. So only an ASCII string is combined by its
    /// own bytes; any other is combined by the bytes of its canonical composition (NFC), which is the same for all
    /// strings equal to it, ASCII ones included.
    mutating func combine(_ string: String) {
        let combinedASCII =
            string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                let raw = UnsafeRawBufferPointer(bytes)
                guard Self.isASCII(raw) else { return false }
                combine(raw)
                return true
            } ?? false
        if !combinedASCII {
            // Not ASCII, or not stored contiguously (bridged from Objective-C): rare, and exact rather than fast.
            ContiguousArray(string.precomposedStringWithCanonicalMapping.utf8).withUnsafeBytes { combine($0) }
        }
    }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var bits: UInt8 = 0
        for byte in bytes { bits |= byte }
        return bits < 0x80
    }

    private mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            combine(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        combine(tail)
        combine(bytes.count)
    }

    /// The hash: SplitMix64's finaliser over the state.
    func finalize() -> Int {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(bitPattern: UInt(truncatingIfNeeded: z ^ (z >> 31)))
    }
}
