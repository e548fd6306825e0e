import Foundation
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

/// Issue 31: what check finds now without speaking more.
extension CheckerTests {
    @Test func aCenterReachedThroughAClosureParameterOrALocalIsACenter() {
        let source = """
            final class Screen: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    NotificationCenter.default.do { $0.addObserver(self, selector: #selector(a), name: .a, object: nil) }
                    let hub = NotificationCenter.default
                    hub.addObserver(self, selector: #selector(b), name: .b, object: nil)
                }
            }
            """
        #expect(rules(source) == ["4:unbalanced-visible", "6:unbalanced-visible"])
    }

    @Test func aClosureNotHandedToACenterStaysAConditionAndQuiet() {
        let source = """
            final class Screen: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    names.forEach { NotificationCenter.default.addObserver(self, selector: #selector(a), name: $0, object: nil) }
                }
            }
            """
        #expect(rules(source).isEmpty)
    }

    @Test func aRemovalForAnotherSenderIsMismatchedOnlyWhenBothAreProperties() {
        let source = """
            final class Player: NSObject {
                let item = Item()
                let other = Item()
                init(current: Item) {
                    super.init()
                    NotificationCenter.default.addObserver(self, selector: #selector(end), name: .end, object: item)
                    NotificationCenter.default.addObserver(self, selector: #selector(end), name: .start, object: current)
                }
                func stop() {
                    NotificationCenter.default.removeObserver(self, name: .end, object: other)
                    NotificationCenter.default.removeObserver(self, name: .start, object: item)
                    NotificationCenter.default.removeObserver(self, name: .end, object: nil)
                }
            }
            """
        // .start was added for a parameter, which may be `item`: quiet.
        #expect(rules(source) == ["10:mismatched-removal"])
    }

    @Test func aRemovalByNameInATypeThatRegistersOnlyBlocksRemovesNothing() {
        let source = """
            final class Monitor {
                var token: NSObjectProtocol?
                init() {
                    token = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                }
                func pause() {
                    NotificationCenter.default.removeObserver(self, name: .x, object: nil)
                }
                deinit { token.map(NotificationCenter.default.removeObserver) }
            }
            final class Cell: UICollectionViewCell {
                func reset() {
                    NotificationCenter.default.removeObserver(self, name: .y, object: nil)
                }
            }
            """
        // The cell's superclass is not read: UIKit may have registered .y for it. Quiet.
        #expect(rules(source) == ["7:mismatched-removal"])
    }
}

/// Issue 37: shapes of real apps the checker reported and a reviewer would not.
@Suite struct RealAppPrecisionTests {
    func rules(_ text: String) -> [String] {
        Checker.check([SourceFile(path: "A.swift", text: text)]).map(\.rule.id)
    }

    @Test func removeObserverSelfInTheStopOfAStartMethodIsNotNuclear() {
        let source = """
            import Foundation

            final class CoursesObserver {
                func startObserving() {
                    NotificationCenter.default.addObserver(self, selector: #selector(changed), name: .x, object: nil)
                }

                func stopObserving() {
                    NotificationCenter.default.removeObserver(self)
                }

                @objc func changed() {}
            }

            """
        #expect(rules(source).isEmpty)
        // Registered in init, meant to last: the stop removes it too.
        let lasting = source.replacingOccurrences(
            of: "func startObserving() {",
            with: "init() {\n        startObserving()\n    }\n\n    func startObserving() {"
        )
        #expect(rules(lasting) == ["nuclear-unregister"])
    }

    @Test func aTokenDiscardedInAStaticInitialiserIsTheTypes() {
        let source = """
            import Foundation

            final class DomainCache {
                private static var entries: [String] = {
                    NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in
                        DomainCache.entries = []
                    }
                    return []
                }()
            }

            """
        #expect(rules(source).isEmpty)
    }
}
