import NotificationLifecycleToolsCore
import Testing

/// What `migrate` must never do: lose a line it does not understand.
@Suite struct MigratorTests {
    func migrate(_ text: String) -> (text: String, skipped: [String]) {
        let file = SourceFile(path: "Screen.swift", text: text)
        let result = Migrator.migrate([file])
        return (result.files[file.path] ?? text, result.skipped.map(\.reason))
    }

    @Test func aTokenUsedInAWayItDoesNotFollowLeavesTheFileAsItWas() {
        let source = """
            import Foundation

            final class Screen: @unchecked Sendable {
                private var token: NSObjectProtocol?

                init() {
                    token = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                }

                deinit {
                    if let token {
                        NotificationCenter.default.removeObserver(token)
                        log("removed \\(token)")
                    }
                }

                func log(_ message: String) {}
            }

            """
        let result = migrate(source)
        #expect(result.text == source)
        #expect(result.skipped.count == 1)
        #expect(result.skipped.first?.contains("line 11") == true)
    }

    @Test func aCommentInAnEmptiedDeinitKeepsTheDeinit() {
        let source = """
            import Foundation

            final class Screen: @unchecked Sendable {
                init() {
                    NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                }

                deinit {
                    // Balance the registration in init.
                    NotificationCenter.default.removeObserver(self)
                }
            }

            """
        let result = migrate(source)
        #expect(result.skipped.isEmpty)
        #expect(result.text.contains("    deinit {\n        // Balance the registration in init.\n    }"))
        #expect(result.text.contains("final class Screen: @unchecked Sendable, NotificationEngineOwner {"))
        #expect(result.text.contains("        addLifetimeNotificationInfo(forName: .x) { owner, _ in }"))
    }

    @Test func statementsBesideTheObserversStayInPlace() {
        let source = """
            import UIKit

            final class Screen: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    title = "Inbox"
                    NotificationCenter.default.addObserver(self, selector: #selector(reload), name: .x, object: nil)
                    tableView.reloadData()
                }

                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    NotificationCenter.default.removeObserver(self, name: .x, object: nil)
                    saveScrollPosition()
                }

                @objc func reload() {}
            }

            """
        let result = migrate(source)
        #expect(result.skipped.isEmpty)
        for line in ["title = \"Inbox\"", "tableView.reloadData()", "saveScrollPosition()", "@objc func reload() {}"] {
            #expect(result.text.contains(line), "lost: \(line)")
        }
        #expect(result.text.contains("notificationEngine.appear()\n        tableView.reloadData()"))
        #expect(result.text.contains("notificationEngine.disappear()\n        saveScrollPosition()"))
    }

    @Test func theDiffIsUnified() {
        let diff = UnifiedDiff.diff(old: "a\nb\nc\n", new: "a\nB\nc\n", path: "F.swift")
        #expect(diff == "--- a/F.swift\n+++ b/F.swift\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }
}

extension MigratorTests {
    @Test func aSubclassOfAClassWithObserversIsLeftForAfterItsSuperclass() {
        let source = """
            import Foundation

            class Base: @unchecked Sendable {
                init() {
                    NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                }
            }

            final class Child: Base {
                override init() {
                    super.init()
                    NotificationCenter.default.addObserver(forName: .y, object: nil, queue: nil) { _ in }
                }
            }

            """
        let result = migrate(source)
        #expect(result.skipped.count == 1)
        #expect(result.skipped.first?.contains("its superclass Base has observers too") == true)
        #expect(result.text.contains("class Base: @unchecked Sendable, NotificationEngineOwner {"))
        #expect(result.text.contains("final class Child: Base {\n"))
    }
}

extension MigratorTests {
    @Test func aSelectorMethodTakingNSNotificationGetsTheBridgedType() {
        let source = """
            import UIKit

            final class Screen: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.addObserver(self, selector: #selector(show), name: .x, object: nil)
                }

                @objc func show(notification: NSNotification) {}
            }

            """
        let result = migrate(source)
        #expect(result.text.contains("{ owner, note in owner.show(notification: note as NSNotification) }"))
    }
}

/// Issue 31: what migrate writes compiles (the compile oracle checks Fixtures/Wild; these pin each shape alone).
extension MigratorTests {
    @Test func anOpenClassGetsAPublicEngineAndOpenOverrides() {
        let source = """
            import UIKit

            open class Form: UIViewController {
                open override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    NotificationCenter.default.addObserver(self, selector: #selector(show), name: .x, object: nil)
                }

                @objc func show() {}
            }

            """
        let result = migrate(source)
        #expect(result.skipped.isEmpty)
        #expect(result.text.contains("    public nonisolated let notificationEngine = NotificationEngine()\n"))
        #expect(result.text.contains("    open override func viewDidLoad() {\n"))
        #expect(result.text.contains("    open override func viewWillDisappear(_ animated: Bool) {\n"))
    }

    @Test func aRegistrationAfterStatementsThatUseSelfStaysWhereItWas() {
        let source = """
            import Foundation

            final class Cache: NSObject, @unchecked Sendable {
                private let limit: Int

                init(limit: Int) {
                    self.limit = limit
                    super.init()
                    configure()
                    NotificationCenter.default.addObserver(self, selector: #selector(clear), name: .x, object: nil)
                }

                func configure() {}
                @objc func clear() {}
            }

            """
        let result = migrate(source)
        #expect(result.skipped.isEmpty)
        #expect(
            result.text.contains(
                "        super.init()\n        configure()\n"
                    + "        addLifetimeNotificationInfo(forName: .x) { owner, _ in owner.clear() }\n"
            )
        )
    }

    @Test func aNonisolatedClassThatIsNotSendableIsLeftWithTheReason() {
        let source = """
            import Foundation

            final class Service: NSObject {
                override init() {
                    super.init()
                    NotificationCenter.default.addObserver(self, selector: #selector(flush), name: .x, object: nil)
                }

                @objc func flush() {}
            }

            """
        let result = migrate(source)
        #expect(result.text == source)
        #expect(result.skipped.first?.contains("not Sendable") == true)
    }

    @Test func aProjectSubclassOfAUIKitClassIsMainActor() {
        let base = SourceFile(path: "Base.swift", text: "import UIKit\n\nclass Base: UIButton {}\n")
        let button = SourceFile(
            path: "Avatar.swift",
            text: """
                import UIKit

                final class Avatar: Base {
                    override init(frame: CGRect) {
                        super.init(frame: frame)
                    }

                    required init?(coder: NSCoder) { fatalError() }

                    func start() {
                        NotificationCenter.default.addObserver(self, selector: #selector(redraw), name: .x, object: nil)
                    }

                    func stop() {
                        NotificationCenter.default.removeObserver(self)
                    }

                    @objc func redraw() {}
                }

                """
        )
        let result = Migrator.migrate([base, button])
        let text = result.files[button.path] ?? ""
        #expect(result.skipped.isEmpty)
        #expect(text.contains("final class Avatar: Base, MainActorNotificationEngineOwner {"))
        #expect(text.contains("lifespan: .custom(\"start\")) { owner, _ in owner.redraw() }"))
        #expect(text.contains("        notificationEngine.start(.custom(\"start\"))\n"))
        #expect(text.contains("        notificationEngine.stop(.custom(\"start\"))\n"))
        #expect(result.notes.contains { $0.contains("now runs in a main-actor closure") })
    }

    @Test func aPathWithASpaceIsQuotedInTheDiff() {
        let diff = UnifiedDiff.diff(old: "a\n", new: "b\n", path: "Settings Screen/F.swift")
        #expect(diff.hasPrefix("--- \"a/Settings Screen/F.swift\"\n+++ \"b/Settings Screen/F.swift\"\n"))
    }
}

extension MigratorTests {
    /// Listeners declared at the end of init would be missing when init returns early: the type is left.
    @Test func anInitThatReturnsEarlyKeepsItsTypeUntouched() {
        let source = """
            import Foundation

            final class Watcher: @unchecked Sendable {
                init(enabled: Bool) {
                    guard enabled else { return }
                    print("enabled")
                }

                func start() {
                    NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
                }
            }

            """
        let result = migrate(source)
        #expect(result.text == source)
        #expect(result.skipped.first?.contains("can return before its end") == true)
    }
}

extension MigratorTests {
    @Test func assumeIsolatedAroundAMainActorOwnersBlockGoes() {
        let source = """
            import UIKit

            final class Screen: UIViewController {
                private var token: NSObjectProtocol?
                private(set) var count = 0

                override func viewDidLoad() {
                    super.viewDidLoad()
                    token = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: .main) { [weak self] _ in
                        MainActor.assumeIsolated {
                            self?.count += 1
                        }
                    }
                    NotificationCenter.default.addObserver(
                        forName: .y, object: nil, queue: .main
                    ) { [weak self] _ in MainActor.assumeIsolated { self?.count += 2 } }
                }
            }

            """
        let file = SourceFile(path: "Screen.swift", text: source)
        let result = Migrator.migrate([file])
        let text = result.files[file.path] ?? ""
        // The unwrapped body is one line: the closure is one line too (issue 37), as a hand would write it.
        #expect(text.contains("addLifetimeNotificationInfo(forName: .x) { owner, _ in owner.count += 1 }\n"))
        #expect(text.contains("addLifetimeNotificationInfo(forName: .y) { owner, _ in owner.count += 2 }\n"))
        #expect(result.notes.contains { $0.contains("MainActor.assumeIsolated") })
    }
}
