#if os(Linux)
import Foundation

/// The resident set size of this process, read from `/proc/self/statm` (second field, in pages).
enum ResidentMemory {
    /// The resident memory in bytes, or `nil` when `/proc/self/statm` cannot be read.
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
#endif
