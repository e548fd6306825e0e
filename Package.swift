// swift-tools-version: 6.2
// 6.2: the code uses `weak let`, which needs the Swift 6.2.3 compiler (Xcode 26.2 or later). Xcode 16 then refuses
// the manifest and names the tools it needs, instead of failing to compile; the README says which Xcode.
import PackageDescription

let package = Package(
    name: "NotificationLifecycle",
    // The oldest deployment targets Xcode 26 supports (Apple's table: .ci/apple-availability.tsv).
    platforms: [.macOS(.v11), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
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
        .testTarget(
            name: "NotificationLifecycleReliabilityTests",
            dependencies: ["NotificationLifecycle", "NotificationLifecycleTesting"]
        ),

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
