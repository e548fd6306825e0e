// swift-tools-version: 6.0
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
        .executable(name: "notification-lifecycle", targets: ["NotificationLifecycleCLI"]),
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
        .executableTarget(
            name: "NotificationLifecycleCLI",
            dependencies: [
                "NotificationLifecycleToolsCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "CheckNotificationObservers",
            capability: .command(
                intent: .custom(
                    verb: "check-notification-observers",
                    description: "Finds hand-written NotificationCenter observer bugs in the package's targets."
                )
            ),
            dependencies: ["NotificationLifecycleCLI"]
        ),
        .testTarget(
            name: "NotificationLifecycleToolsCoreTests",
            dependencies: ["NotificationLifecycleToolsCore"]
        ),
        // Compiles the migrated fixtures (Fixtures/Migrated, copied here by ci.sh's check) against UIKit-like
        // stand-ins and drives originals and migrated types through one lifecycle script.
        .testTarget(
            name: "MigrationBehaviourTests",
            dependencies: [.product(name: "NotificationLifecycle", package: "NotificationLifecycle")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
