// swift-tools-version: 6.2
// A package of its own, so that the root package stays free of dependencies: an SQLite store (GRDB) that posts
// what each committed write changed, and the NotificationLifecycle listeners around it.
// Build, test and run it from the repository root:
//   swift test --package-path Examples/GRDBStore
//   swift run --package-path Examples/GRDBStore GRDBStoreDemo
import PackageDescription

let package = Package(
    name: "GRDBStore",
    // Mutex (the examples' lock box) needs these; Linux has it on every version.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    dependencies: [
        // SwiftPM names a path dependency after its folder: the clone's folder, which is "NotificationLifecycle"
        // only by chance. `name:` fixes the name that `.product(…, package:)` below refers to, whatever the folder.
        .package(name: "NotificationLifecycle", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "TaskStorage",
            dependencies: [
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "GRDBStoreDemo",
            dependencies: [
                "TaskStorage",
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "TaskStorageTests",
            dependencies: [
                "TaskStorage",
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
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
