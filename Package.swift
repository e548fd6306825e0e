// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "NotificationLifecycle",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "NotificationLifecycle", targets: ["NotificationLifecycle"])
    ],
    targets: [
        .target(name: "NotificationLifecycle"),
        .testTarget(name: "NotificationLifecycleTests", dependencies: ["NotificationLifecycle"]),
        .testTarget(name: "NotificationLifecycleReliabilityTests", dependencies: ["NotificationLifecycle"]),
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
