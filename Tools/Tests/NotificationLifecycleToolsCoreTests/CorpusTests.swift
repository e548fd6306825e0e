import Foundation
import NotificationLifecycleToolsCore
import Testing

/// Runs the checker on Fixtures/Corpus and scores it against the `// expect: rule` markers written in the files
/// before the checker ran: a finding matches an expectation with the same rule in the same file within two lines.
@Suite struct CorpusTests {
    @Test func noRuleReportsAFalsePositiveAndOnlyTheKnownMissesAreMissed() throws {
        let score = try CorpusScore.measure()
        print(score.table)
        for rule in Rule.all {
            let counts = score.counts[rule.id, default: .init()]
            #expect(counts.falsePositives.isEmpty, "\(rule.id): unexpected findings \(counts.falsePositives)")
            #expect(
                counts.falseNegatives == counts.knownMisses,
                "\(rule.id): missed \(counts.falseNegatives)"
            )
        }
    }

    @Test func theCorpusHasAtLeastThirtyFilesAndEveryRuleIsExpectedTwice() throws {
        let score = try CorpusScore.measure()
        #expect(score.fileCount >= 30)
        for rule in Rule.all {
            #expect(score.counts[rule.id, default: .init()].expected >= 2, "\(rule.id)")
        }
    }
}

/// Precision and recall per rule on the corpus.
struct CorpusScore {
    struct Counts {
        var expected = 0
        var truePositives = 0
        var falsePositives: [String] = []
        var falseNegatives: [String] = []
        /// Expectations marked `(known miss)`: what the checker cannot see yet (Tools/README.md).
        var knownMisses: [String] = []

        var precision: Double {
            let found = truePositives + falsePositives.count
            return found == 0 ? 1 : Double(truePositives) / Double(found)
        }
        var recall: Double { expected == 0 ? 1 : Double(truePositives) / Double(expected) }
    }

    struct Expectation: Hashable {
        let file: String
        let line: Int
        let rule: String
        let knownMiss: Bool
    }

    var counts: [String: Counts] = [:]
    var fileCount = 0

    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Corpus")
    }

    static func measure() throws -> CorpusScore {
        let files = try SourceFiles.read(SourceFiles.paths(in: [corpus.path]))
        // Each file alone, as the corpus's types are unrelated (two declare a Notification.Name of one name).
        return measure(files, findings: files.flatMap { Checker.check([$0]) })
    }

    /// Scores `findings` against the `// expect:` markers of `files`.
    static func measure(_ files: [SourceFile], findings: [Finding]) -> CorpusScore {
        var expectations: [Expectation] = []
        for file in files {
            for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let range = line.range(of: "// expect: ") else { continue }
                for rule in line[range.upperBound...].split(separator: ",") {
                    let knownMiss = rule.contains("(known miss)")
                    expectations.append(
                        Expectation(
                            file: file.path,
                            line: index + 1,
                            rule: rule.replacingOccurrences(of: "(known miss)", with: "")
                                .trimmingCharacters(in: .whitespaces),
                            knownMiss: knownMiss
                        )
                    )
                }
            }
        }
        var score = CorpusScore(fileCount: files.count)
        var unmatched = expectations
        for finding in findings {
            let name = "\(URL(fileURLWithPath: finding.position.file).lastPathComponent):\(finding.position.line)"
            if let index = unmatched.firstIndex(where: {
                $0.file == finding.position.file && $0.rule == finding.rule.id
                    && abs($0.line - finding.position.line) <= 2
            }) {
                unmatched.remove(at: index)
                score.counts[finding.rule.id, default: .init()].truePositives += 1
            } else {
                score.counts[finding.rule.id, default: .init()].falsePositives.append(name)
            }
        }
        for expectation in expectations {
            score.counts[expectation.rule, default: .init()].expected += 1
            if expectation.knownMiss {
                let name = "\(URL(fileURLWithPath: expectation.file).lastPathComponent):\(expectation.line)"
                score.counts[expectation.rule, default: .init()].knownMisses.append(name)
            }
        }
        for expectation in unmatched {
            let name = "\(URL(fileURLWithPath: expectation.file).lastPathComponent):\(expectation.line)"
            score.counts[expectation.rule, default: .init()].falseNegatives.append(name)
        }
        return score
    }

    var table: String {
        var lines = ["rule                   expected  found  precision  recall   (corpus: \(fileCount) files)"]
        for rule in Rule.all {
            let counts = counts[rule.id, default: .init()]
            let found = counts.truePositives + counts.falsePositives.count
            lines.append(
                rule.id.padding(toLength: 23, withPad: " ", startingAt: 0)
                    + String(counts.expected).padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(found).padding(toLength: 7, withPad: " ", startingAt: 0)
                    + String(format: "%.2f", counts.precision).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + String(format: "%.2f", counts.recall)
            )
        }
        return lines.joined(separator: "\n")
    }
}
