import NotificationLifecycleToolsCore
import Testing

/// Shapes met outside the corpus.
@Suite struct CheckerTests {
    func rules(_ text: String) -> [String] {
        Checker.check([SourceFile(path: "F.swift", text: text)]).map { "\($0.position.line):\($0.rule.id)" }
    }

    @Test func letUnderscoreThrowsTheTokenAway() {
        let source = """
            final class Service {
                init() {
                    let _ = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                }
            }
            """
        #expect(rules(source) == ["3:discarded-token"])
    }

    @Test func aTokenReturnedFromAClosureOrFunctionIsKept() {
        let source = """
            final class Service {
                var tokens: [Any] = []
                func start(_ names: [Notification.Name]) {
                    tokens = names.map { NotificationCenter.default.addObserver(forName: $0, object: nil, queue: nil) { _ in } }
                    tokens.append(observe(.x))
                }
                func observe(_ name: Notification.Name) -> Any {
                    NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in }
                }
                deinit { tokens.forEach(NotificationCenter.default.removeObserver) }
            }
            """
        #expect(rules(source).isEmpty)
    }

    @Test func theCompilerFormatHasRuleMessageAndRemedy() throws {
        let source = """
            final class Screen: UIViewController {
                override func viewDidDisappear(_ animated: Bool) {
                    super.viewDidDisappear(animated)
                    NotificationCenter.default.removeObserver(self)
                }
            }
            """
        let finding = try #require(Checker.check([SourceFile(path: "S.swift", text: source)]).first)
        #expect(finding.compilerStyle.hasPrefix("S.swift:4:36: warning: [nuclear-unregister] removeObserver(self) in "))
        #expect(finding.compilerStyle.hasSuffix("or let `notification-lifecycle migrate` declare the listener."))
    }
}
