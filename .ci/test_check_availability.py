#!/usr/bin/env python3
"""Tests of .ci/check-availability.py: planted mistakes fail with a clear message, covered uses pass, comments and
strings do not count. Run: python3 .ci/test_check_availability.py (from anywhere)."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "check-availability.py")

MANIFEST = """\
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Planted",
    platforms: [%s],
    targets: [.target(name: "Planted")]
)
"""
ROOT_PLATFORMS = ".macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)"
MESSAGES_26 = "macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *"


class CheckAvailabilityTests(unittest.TestCase):
    def run_check(self, files: dict, platforms: str = ROOT_PLATFORMS) -> tuple[int, str]:
        """Writes a package with `files` (path -> Swift source) and runs the check on it."""
        with tempfile.TemporaryDirectory() as root:
            with open(os.path.join(root, "Package.swift"), "w") as f:
                f.write(MANIFEST % platforms)
            for path, source in files.items():
                full = os.path.join(root, path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w") as f:
                    f.write(textwrap.dedent(source))
            result = subprocess.run(
                [sys.executable, CHECK, "--repository", root, root], capture_output=True, text=True
            )
            return result.returncode, result.stdout + result.stderr

    def assert_fails(self, source: str, *expected: str, platforms: str = ROOT_PLATFORMS) -> str:
        code, output = self.run_check({"Sources/Planted/Planted.swift": source}, platforms)
        self.assertEqual(code, 1, output)
        for text in expected:
            self.assertIn(text, output)
        return output

    def assert_passes(self, source: str, platforms: str = ROOT_PLATFORMS) -> str:
        code, output = self.run_check({"Sources/Planted/Planted.swift": source}, platforms)
        self.assertEqual(code, 0, output)
        self.assertIn(" 0 not covered", output)
        return output

    # -- planted mistakes ---------------------------------------------------------------------------------------------

    def test_typedMessageInASignature_withoutAvailable_fails(self):
        output = self.assert_fails(
            """\
            import Foundation

            func observe<M: NotificationCenter.MainActorMessage>(_ type: M.Type) {}
            """
        )
        self.assertIn(
            "Sources/Planted/Planted.swift:3:36: error: [availability] MainActorMessage needs macOS 26/iOS 26/tvOS 26/"
            "watchOS 26; deployment target is macOS 10.15/iOS 13/tvOS 13/watchOS 6; add @available(" + MESSAGES_26
            + ") or if #available(" + MESSAGES_26 + ")",
            output,
        )

    def test_durationInABody_withoutAvailable_fails(self):
        self.assert_fails(
            """\
            func pause() async {
                let clock = ContinuousClock()
                try? await Task.sleep(for: .milliseconds(10))
                _ = clock
            }
            """,
            "Planted.swift:2:17: error: [availability] ContinuousClock needs macOS 13/iOS 16/tvOS 16/watchOS 9;",
            "Planted.swift:3:21: error: [availability] sleep(for:) needs macOS 13/iOS 16/tvOS 16/watchOS 9;",
            "Planted.swift:3:33: error: [availability] .milliseconds(_:) needs macOS 13/iOS 16/tvOS 16/watchOS 9;",
            "add @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) or if #available(macOS 13, iOS 16, tvOS 16, "
            "watchOS 9, *)",
        )

    def test_mutexAndObservation_withoutAvailable_fail(self):
        self.assert_fails(
            """\
            import Observation
            import Synchronization

            final class Box: Sendable {
                let value = Mutex(0)
            }

            @Observable
            final class Model {}

            func track(_ model: Model) {
                withObservationTracking { _ = model } onChange: {}
            }
            """,
            "Planted.swift:5:17: error: [availability] Mutex needs macOS 15/iOS 18/tvOS 18/watchOS 11;",
            "Planted.swift:8:2: error: [availability] @Observable needs macOS 14/iOS 17/tvOS 17/watchOS 10;",
            "Planted.swift:12:5: error: [availability] withObservationTracking needs macOS 14/iOS 17/tvOS 17/watchOS 10;",
        )

    def test_toolchainVersionsOfTypedMessages_areNotEnough(self):
        # FoundationEssentials on Linux declares them at macOS 15 / iOS 18; Apple ships them at 26.
        self.assert_fails(
            """\
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
            struct Ping: NotificationCenter.AsyncMessage {}
            """,
            "Planted.swift:2:33: error: [availability] AsyncMessage needs macOS 26/iOS 26/tvOS 26/watchOS 26;",
            "deployment target is macOS 10.15/iOS 13/tvOS 13/watchOS 6;",
        )

    def test_availableThatMissesAPlatform_namesOnlyThatPlatform(self):
        self.assert_fails(
            """\
            @available(macOS 26, iOS 26, *)
            func observe(_ token: NotificationCenter.ObservationToken) {}
            """,
            "error: [availability] ObservationToken needs tvOS 26/watchOS 26; deployment target is tvOS 13/watchOS 6;",
        )

    def test_messageTypeOfThePackage_usedUnguarded_fails(self):
        self.assert_fails(
            """\
            @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
            struct Ping: NotificationCenter.MainActorMessage {
                typealias Subject = AnyObject
            }

            @MainActor func send(on center: NotificationCenter) {
                center.post(Ping())
            }
            """,
            "Planted.swift:7:17: error: [availability] Ping needs macOS 26/iOS 26/tvOS 26/watchOS 26;",
            "(source: Sources/Planted/Planted.swift:2: conforms to MainActorMessage)",
        )

    def test_gatedFunctionOfThePackage_calledUnguarded_fails(self):
        self.assert_fails(
            """\
            @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
            public func waitFor(deliveries: Int) async {}

            func test() async {
                await waitFor(deliveries: 1)
            }
            """,
            "Planted.swift:5:11: error: [availability] waitFor(deliveries:) needs macOS 13/iOS 16/tvOS 16/watchOS 9;",
        )

    def test_derivedRules_followVisibility(self):
        # An internal gated function of one library is not what another target's call of the same name reaches
        # (DispatchGroup.wait(timeout:)); a message's nested `Subject` is not a type of its own.
        code, output = self.run_check({
            "Sources/Planted/Recorder.swift": f"""\
                @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
                func wait(timeout: Duration) async {{}}

                @available({MESSAGES_26})
                public struct Ping: NotificationCenter.MainActorMessage {{
                    public typealias Subject = AnyObject
                }}
                """,
            "Tests/PlantedTests/Waits.swift": """\
                import Dispatch

                func settle(_ group: DispatchGroup) {
                    _ = group.wait(timeout: .now() + 1)
                }

                func keep<Subject>(_ subject: Subject) -> Subject { subject }

                func send() {
                    _ = Ping()
                }
                """,
        })
        self.assertEqual(code, 1, output)
        self.assertIn("Tests/PlantedTests/Waits.swift:10:9: error: [availability] Ping needs macOS 26/", output)
        self.assertNotIn("wait(timeout:)", output)
        self.assertNotIn("Subject needs", output)

    def test_postOfAMessageWithASubject_unguarded_fails(self):
        self.assert_fails(
            """\
            @MainActor func send<M>(_ message: M, on center: NotificationCenter, subject: AnyObject) {
                center.post(message, subject: subject)
            }
            """,
            "Planted.swift:2:12: error: [availability] post(…subject:) needs macOS 26/iOS 26/tvOS 26/watchOS 26;",
        )

    def test_interpolationIsCode(self):
        self.assert_fails(
            """\
            let text = "waited \\(Duration.seconds(1))"
            """,
            "Planted.swift:1:22: error: [availability] Duration needs macOS 13/",
        )

    # -- covered uses -------------------------------------------------------------------------------------------------

    def test_availableOnTheDeclaration_coversSignatureAndBody(self):
        self.assert_passes(
            f"""\
            @available({MESSAGES_26})
            @MainActor
            public func observe<M: NotificationCenter.MainActorMessage>(
                _ type: M.Type,
                on center: NotificationCenter
            ) -> NotificationCenter.ObservationToken where M.Subject: AnyObject {{
                center.addObserver(of: M.Subject.self, for: NotificationCenter.BaseMessageIdentifier<M>()) {{ _ in }}
            }}
            """
        )

    def test_availableOnAnEnclosingTypeOrExtension_covers(self):
        self.assert_passes(
            f"""\
            @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
            struct Waiter {{
                var timeout: Duration = .seconds(1)

                func pause() async {{
                    try? await Task.sleep(for: timeout)
                }}
            }}

            @available({MESSAGES_26})
            extension NotificationCenter {{
                struct Ping: MainActorMessage {{
                    typealias Subject = AnyObject
                }}

                func tokens() -> [ObservationToken] {{ [] }}
            }}
            """
        )

    def test_ifAvailableAndGuardAvailable_cover(self):
        self.assert_passes(
            f"""\
            func pause() async {{
                if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {{
                    try? await Task.sleep(for: .milliseconds(1))
                }} else {{
                    usleep(1000)
                }}
            }}

            func register(_ center: NotificationCenter) {{
                guard #available({MESSAGES_26}) else {{ return }}
                let token: NotificationCenter.ObservationToken? = nil
                _ = token
            }}

            func later() {{
                if #unavailable(macOS 13, iOS 16, tvOS 16, watchOS 9) {{
                    return
                }} else {{
                    _ = ContinuousClock.now
                }}
            }}
            """
        )

    def test_useAfterTheGuardsScope_isNotCovered(self):
        self.assert_fails(
            """\
            func pause() {
                do {
                    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }
                    _ = ContinuousClock.now
                }
                _ = SuspendingClock.now
            }
            """,
            "Planted.swift:6:9: error: [availability] SuspendingClock needs",
        )
        code, output = self.run_check({"Sources/Planted/Planted.swift": "func f() {\n"
                                       "    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return }\n"
                                       "    _ = ContinuousClock.now\n}\n"})
        self.assertEqual(code, 0, output)

    def test_elseBranchOfIfAvailable_isNotCovered(self):
        self.assert_fails(
            """\
            func pause() {
                if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
                } else {
                    _ = ContinuousClock.now
                }
            }
            """,
            "Planted.swift:4:13: error: [availability] ContinuousClock needs",
        )

    def test_codeThatAppleDoesNotCompile_isNotChecked(self):
        self.assert_passes(
            """\
            #if os(Linux)
            let clock = ContinuousClock()
            #elseif canImport(Darwin)
            let other = 1
            #else
            let mutex = Mutex(0)
            #endif
            #if !canImport(Darwin)
            let duration = Duration.zero
            #endif
            """
        )
        self.assert_fails(
            """\
            #if canImport(Glibc)
            #else
            let clock = ContinuousClock()
            #endif
            """,
            "Planted.swift:3:13: error",
        )

    def test_deploymentTargetsComeFromTheManifest(self):
        source = """\
            import Synchronization
            let lock = Mutex(0)
            """
        self.assert_passes(source, platforms=".macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)")
        self.assert_fails(source, "Mutex needs watchOS 11; deployment target is watchOS 10;",
                          platforms=".macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v10)")
        # A platform the manifest does not list is not checked.
        self.assert_passes(source, platforms='.macOS("15.0")')

    # -- comments and strings -----------------------------------------------------------------------------------------

    def test_commentsAndStrings_doNotCount(self):
        self.assert_passes(
            '''\
            // NotificationCenter.MainActorMessage in a line comment
            /* a block comment /* nested: Mutex */ ContinuousClock */
            /// Doc comment: `Task.sleep(for: .seconds(1))`, @Observable
            let a = "Duration, AsyncMessage, addObserver(of: x)"
            let b = """
                Mutex<Int> and withObservationTracking
                "\\(1)" and the end: AsyncMessage
                """
            let c = #"raw: ObservationToken \\(Duration.zero)"#
            let d = DispatchTime.now() + .seconds(1)
            func register(forName name: String, observer: Int, duration: Int) {}
            '''
        )

    def test_dispatchTimeIntervalDoesNotCount_butDurationMemberDoes(self):
        self.assert_fails(
            """\
            import Dispatch
            let queue = DispatchQueue(label: "q")
            func later() { queue.asyncAfter(deadline: .now() + .seconds(1)) {} }
            func wait() async { try? await Task.sleep(for: .seconds(1)) }
            """,
            "Planted.swift:4:49: error: [availability] .seconds(_:) needs",
        )


if __name__ == "__main__":
    unittest.main(verbosity=1)
