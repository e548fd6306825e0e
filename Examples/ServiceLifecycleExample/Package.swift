// swift-tools-version: 6.0
// A package of its own, so that the root package stays free of dependencies: a service run by swift-service-lifecycle
// whose listeners follow its run() and end on graceful shutdown.
// Build, test and run it from the repository root:
//   swift test --package-path Examples/ServiceLifecycleExample
//   swift run --package-path Examples/ServiceLifecycleExample ServiceLifecycleDemo
import PackageDescription

let package = Package(
    name: "ServiceLifecycleExample",
    // Duration and ContinuousClock (the demo's and the tests' waits) need these.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        // SwiftPM names a path dependency after its folder: `name:` fixes the name that `.product(…, package:)`
        // below refers to, whatever the clone's folder is called.
        .package(name: "NotificationLifecycle", path: "../.."),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "JobTally",
            dependencies: [
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "ServiceLifecycleDemo",
            dependencies: [
                "JobTally",
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "JobTallyTests",
            dependencies: [
                "JobTally",
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
