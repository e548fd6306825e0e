// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NotificationLifecycle",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "NotificationLifecycle", targets: ["NotificationLifecycle"]),
        .library(name: "NotificationLifecycleTesting", targets: ["NotificationLifecycleTesting"]),
    ],
    targets: [
        .target(name: "NotificationLifecycle"),
        .target(name: "NotificationLifecycleTesting", dependencies: ["NotificationLifecycle"]),
        .testTarget(
            name: "NotificationLifecycleTests",
            dependencies: ["NotificationLifecycle", "NotificationLifecycleTesting"]
        ),
        .testTarget(
            name: "NotificationLifecycleTestingTests",
            dependencies: ["NotificationLifecycle", "NotificationLifecycleTesting"]
        ),
        .testTarget(name: "NotificationLifecycleReliabilityTests", dependencies: ["NotificationLifecycle"]),

        // Examples: run each with `swift run <Name>`; .ci/run runs them all and checks their output.
        // ExampleSupport holds what more than one example prints with; it is not a product.
        .target(
            name: "ExampleSupport",
            dependencies: ["NotificationLifecycle"],
            path: "Examples/ExampleSupport"
        ),
        .executableTarget(
            name: "LifecycleDemo",
            dependencies: ["NotificationLifecycle", "ExampleSupport"],
            path: "Examples/LifecycleDemo"
        ),
        .executableTarget(
            name: "ListenAroundSave",
            dependencies: ["NotificationLifecycle"],
            path: "Examples/ListenAroundSave"
        ),
        .executableTarget(
            name: "SyncService",
            dependencies: ["NotificationLifecycle", "ExampleSupport"],
            path: "Examples/SyncService"
        ),
        .executableTarget(
            name: "MainActorScreen",
            dependencies: ["NotificationLifecycle"],
            path: "Examples/MainActorScreen"
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
