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

            final class Screen {
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

            final class Screen {
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
        #expect(result.text.contains("override func populateNotificationInfos()"))
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

            class Base {
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
        #expect(result.text.contains("class Base: ControllerBase {"))
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
