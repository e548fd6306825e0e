/// A unified diff of two texts, as `diff -u` and `git diff` print it, with three lines of context.
package enum UnifiedDiff {
    package static func diff(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        // Relative paths as git prints them (patch -p1, git apply); absolute ones as given (patch -p0).
        let (oldName, newName) = path.hasPrefix("/") ? (path, path) : ("a/\(path)", "b/\(path)")
        var output = "--- \(quoted(oldName))\n+++ \(quoted(newName))\n"
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var start = max(firstChange - context, index)
            if start < index { start = index }
            var end = firstChange
            // Extend the hunk while the next change is within twice the context.
            while true {
                guard let nextSame = script[end...].firstIndex(where: { $0.kind == .same }) else {
                    end = script.count
                    break
                }
                let nextChange = script[nextSame...].firstIndex { $0.kind != .same }
                if let nextChange, nextChange - nextSame <= 2 * context {
                    end = nextChange
                } else {
                    end = min(nextSame + context, script.count)
                    break
                }
            }
            let hunk = script[start..<end]
            let oldStart = (hunk.first?.oldIndex ?? 0) + 1
            let newStart = (hunk.first?.newIndex ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) "
            output += "+\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: output += " " + a[step.oldIndex] + "\n"
                case .delete: output += "-" + a[step.oldIndex] + "\n"
                case .insert: output += "+" + b[step.newIndex] + "\n"
                }
            }
            index = end
        }
        return output
    }

    /// A name with a space, a quote, a backslash or a control character, in double quotes with C escapes, as git
    /// writes it: `git apply` and GNU `patch` both read that form, and `patch` ends an unquoted name at a space.
    static func quoted(_ name: String) -> String {
        guard
            name.contains(where: {
                $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "\t" || $0.asciiValue.map { $0 < 32 } == true
            })
        else { return name }
        var result = "\""
        for character in name {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    private struct Step {
        enum Kind { case same, delete, insert }
        let kind: Kind
        /// For `.insert`, the old line it comes before; for the others, the old line.
        let oldIndex: Int
        /// For `.delete`, the new line it comes before; for the others, the new line.
        let newIndex: Int
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A longest-common-subsequence edit script; files here are small, so the quadratic table is fine.
    private static func editScript(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count
        let m = b.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                steps.append(Step(kind: .same, oldIndex: i, newIndex: j))
                i += 1
                j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                steps.append(Step(kind: .delete, oldIndex: i, newIndex: j))
                i += 1
            } else {
                steps.append(Step(kind: .insert, oldIndex: i, newIndex: j))
                j += 1
            }
        }
        return steps
    }
}
