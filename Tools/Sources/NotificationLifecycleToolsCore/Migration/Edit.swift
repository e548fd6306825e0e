import Foundation
import SwiftSyntax

/// A replacement of a UTF-8 byte range of a file's text.
struct Edit: Hashable {
    let start: Int
    let end: Int
    let replacement: String

    /// Applies edits that do not overlap; identical edits (one import added for two types) are applied once.
    /// Insertions at one offset land in the order of `edits`, so that the output is the same in every run.
    static func apply(_ edits: [Edit], to text: String) -> String? {
        var seen: Set<Edit> = []
        let unique = edits.filter { seen.insert($0).inserted }
        let sorted = unique.enumerated().sorted {
            ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset)
        }
        .map(\.element)
        var bytes = Array(text.utf8)
        var previousStart = Int.max
        for edit in sorted.reversed() {
            guard edit.end <= previousStart || (edit.start == edit.end && edit.end == previousStart) else {
                return nil
            }
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
            previousStart = edit.start
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Line arithmetic over a file's UTF-8 bytes.
struct TextLines {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The offset of the first byte of the line holding `offset`.
    func lineStart(_ offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just past the newline ending the line holding `offset` (or the end of the text).
    func lineEnd(_ offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[max(0, start)..<min(end, bytes.count)], as: UTF8.self)
    }

    func isBlank(from start: Int, to end: Int) -> Bool {
        guard start < end else { return true }
        return bytes[start..<end].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The spaces and tabs that start the line holding `offset`.
    func indentation(_ offset: Int) -> String {
        let start = lineStart(offset)
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// After the node, on its last line: nothing, or only a `//` comment.
    func restOfLineIsComment(after offset: Int) -> Int? {
        let end = lineEnd(offset)
        let rest = String(decoding: bytes[offset..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return rest.isEmpty || rest.hasPrefix("//") ? end : nil
    }

    /// The range that removes a node: its whole lines when it stands alone on them (and one blank line before it
    /// when one follows too), otherwise only its text.
    func removal(of node: some SyntaxProtocol, absorbBlankLine: Bool = false) -> Edit {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        let first = lineStart(start)
        if isBlank(from: first, to: start), let last = restOfLineIsComment(after: end) {
            var from = first
            if absorbBlankLine, from > 0 {
                let previous = lineStart(from - 1)
                let next = String(decoding: bytes[last..<lineEnd(last)], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if isBlank(from: previous, to: from - 1), last < bytes.count, next.isEmpty || next.hasPrefix("}") {
                    from = previous
                }
            }
            return Edit(start: from, end: last, replacement: "")
        }
        return Edit(start: start, end: end, replacement: "")
    }
}
