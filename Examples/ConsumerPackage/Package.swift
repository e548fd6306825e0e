// swift-tools-version: 6.0
// The manifest of an app that depends on NotificationLifecycle, as the README's "Adding the package" shows it.
// .ci/run compiles it with `swift package dump-package`; it is not built (its URL names no real organisation).
import PackageDescription

let package = Package(
    name: "InboxApp",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/<org>/NotificationLifecycle", from: "0.1.0")
    ],
    targets: [
        .executableTarget(
            name: "InboxApp",
            dependencies: [
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle")
            ]
        )
    ]
)
