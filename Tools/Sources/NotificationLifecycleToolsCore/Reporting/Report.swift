import Foundation

/// The output formats of `check`.
package enum ReportFormat: String, CaseIterable, Sendable {
    /// `file:line:column: warning: [rule] message. remedy.`, the compiler's format.
    case text
    /// `{"findings": [...]}`, one object per finding.
    case json
    /// SARIF 2.1.0, for code-scanning services.
    case sarif
}

package enum Report {
    package static let toolName = "notification-lifecycle"
    package static let toolVersion = "0.1.0"

    /// `3 findings in 1 file of 2 read`: the files counted are those with findings.
    package static func summary(_ findings: [Finding], filesRead: Int) -> String {
        let files = Set(findings.map(\.position.file)).count
        return "\(findings.count) finding\(findings.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") "
            + "of \(filesRead) read"
    }

    package static func render(_ findings: [Finding], as format: ReportFormat) -> String {
        switch format {
        case .text:
            return findings.map { $0.compilerStyle + "\n" }.joined()
        case .json:
            return encode(
                JSONReport(
                    findings: findings.map {
                        JSONReport.Entry(
                            file: $0.position.file,
                            line: $0.position.line,
                            column: $0.position.column,
                            rule: $0.rule.id,
                            type: $0.typeName,
                            message: $0.message,
                            remedy: $0.remedy
                        )
                    }
                )
            )
        case .sarif:
            return encode(sarif(findings))
        }
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail.
        let data = (try? encoder.encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func sarif(_ findings: [Finding]) -> SARIFLog {
        let rules = Rule.all
        return SARIFLog(
            runs: [
                .init(
                    tool: .init(
                        driver: .init(
                            name: toolName,
                            version: toolVersion,
                            rules: rules.map {
                                .init(
                                    id: $0.id,
                                    shortDescription: .init(text: $0.summary),
                                    fullDescription: .init(text: "\($0.summary) Quiet \($0.quietWhen)"),
                                    defaultConfiguration: .init(level: "warning")
                                )
                            }
                        )
                    ),
                    results: findings.map { finding in
                        .init(
                            ruleId: finding.rule.id,
                            ruleIndex: rules.firstIndex(of: finding.rule) ?? 0,
                            level: "warning",
                            message: .init(text: "\(finding.message). \(finding.remedy)."),
                            locations: [
                                .init(
                                    physicalLocation: .init(
                                        artifactLocation: .init(uri: finding.position.file),
                                        region: .init(
                                            startLine: finding.position.line,
                                            startColumn: finding.position.column
                                        )
                                    )
                                )
                            ]
                        )
                    }
                )
            ]
        )
    }
}

private struct JSONReport: Encodable {
    struct Entry: Encodable {
        let file: String
        let line: Int
        let column: Int
        let rule: String
        let type: String
        let message: String
        let remedy: String
    }

    let findings: [Entry]
}

/// The part of SARIF 2.1.0 that code-scanning services read.
private struct SARIFLog: Encodable {
    struct Text: Encodable { let text: String }
    struct Run: Encodable {
        let tool: Tool
        let results: [Result]
    }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name: String
        let version: String
        let rules: [RuleDescriptor]
    }
    struct RuleDescriptor: Encodable {
        let id: String
        let shortDescription: Text
        let fullDescription: Text
        let defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { let level: String }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
    }
    struct Location: Encodable { let physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }
    struct ArtifactLocation: Encodable { let uri: String }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }

    let version = "2.1.0"
    let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version
        case schema = "$schema"
        case runs
    }
}
