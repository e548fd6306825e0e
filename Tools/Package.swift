// swift-tools-version: 6.2
// The checker and migrator (issue 22): a package of its own, so that the root package stays free of dependencies.
// From the repository root:
//   swift run --package-path Tools notification-lifecycle check Sources/
//   swift run --package-path Tools notification-lifecycle migrate Sources/ [--write]
//   bash Tools/ci.sh
import PackageDescription

let package = Package(
    name: "NotificationLifecycleTools",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "notification-lifecycle", targets: ["notification-lifecycle"]),
        .plugin(name: "CheckNotificationObservers", targets: ["CheckNotificationObservers"]),
    ],
    dependencies: [
        // SwiftPM names a path dependency after its folder; `name:` fixes it (see Examples/GRDBStore).
        .package(name: "NotificationLifecycle", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "602.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
    ],
    targets: [
        .target(
            name: "NotificationLifecycleToolsCore",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Named as the executable, so that the plugin finds the tool by that name.
        .executableTarget(
            name: "notification-lifecycle",
            dependencies: [
                "NotificationLifecycleToolsCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/NotificationLifecycleCLI"
        ),
        .plugin(
            name: "CheckNotificationObservers",
            capability: .command(
                intent: .custom(
                    verb: "check-notification-observers",
                    description: "Finds hand-written NotificationCenter observer bugs in the package's targets."
                )
            ),
            dependencies: ["notification-lifecycle"]
        ),
        .testTarget(
            name: "NotificationLifecycleToolsCoreTests",
            dependencies: ["NotificationLifecycleToolsCore"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

#if os(Linux)
// Linux only (Apple platforms have the real UIKit): the migrated fixtures and their originals, compiled against
// stand-ins declared as UIKit declares them, driven through one lifecycle script. The copies in
// Tests/MigrationBehaviourTests/{Originals,Migrated} are made by LinuxTranscript; a test checks they are current.
package.targets += [
    .target(name: "UIKit", path: "Tests/StandIns/UIKit"),
    .testTarget(
        name: "MigrationBehaviourTests",
        // AppKit for the workspace's own center (Wild/W25).
        dependencies: ["UIKit", "AppKit", .product(name: "NotificationLifecycle", package: "NotificationLifecycle")]
    ),
    // What `migrate --language-mode 5` writes for a nonisolated class that is not Sendable, built as its module
    // would be: in Swift 5 mode, where the owner protocol's Sendable requirement warns.
    .testTarget(
        name: "MigrationBehaviourSwift5Tests",
        dependencies: ["UIKit", .product(name: "NotificationLifecycle", package: "NotificationLifecycle")],
        // Its Sendable warnings are the point (what the migration shows the user), so they stay warnings under
        // CI's -warnings-as-errors: the frontend flag comes after the driver's (`treatAllWarnings(as:)` does not).
        swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-Xfrontend", "-no-warnings-as-errors"])]
    ),
]
// The compile oracle (CompileOracleTests, issue 31) type-checks what migrate writes for Fixtures/Wild against these
// stand-ins and the root package, with swiftc and the modules this build leaves in the build folder: the tests depend
// on them so that `swift build --build-tests` builds them.
let oracleStandIns = ["AppKit", "WatchKit", "Combine", "ShimmerKit"]
package.targets += oracleStandIns.map {
    // ShimmerKit's feed controller subclasses UIKit's view controller.
    .target(name: $0, dependencies: $0 == "ShimmerKit" ? ["UIKit"] : [], path: "Tests/StandIns/\($0)")
}
if let tests = package.targets.first(where: { $0.name == "NotificationLifecycleToolsCoreTests" }) {
    tests.dependencies += (["UIKit"] + oracleStandIns).map { .target(name: $0) }
    tests.dependencies.append(.product(name: "NotificationLifecycle", package: "NotificationLifecycle"))
}
#endif

// The fixtures are written as apps write them (Swift 6 mode, but no upcoming features), so their test target is
// left out.
for target in package.targets
where target.type != .plugin && !["MigrationBehaviourTests", "MigrationBehaviourSwift5Tests"].contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
