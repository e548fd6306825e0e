// swift-tools-version: 6.2
// The manifest of an app that depends on NotificationLifecycle by its git URL, as the "Getting started" article
// shows it (from the marked line on). .ci/run checks that it compiles with `swift package dump-package`; it is not
// resolved (the URL stands for wherever the repository is hosted). Examples/GRDBStore depends on this repository by
// path and is built.
import PackageDescription

let package = Package(
    name: "InboxApp",
    platforms: [.macOS(.v11), .iOS(.v15)],
    // Excerpt of Package.swift: the dependencies and targets of Package(…)
    dependencies: [
        .package(
            url: "https://github.com/example/NotificationLifecycle.git",
            branch: "main"
        )
    ],
    targets: [
        .target(
            name: "Inbox",
            dependencies: [
                .product(
                    name: "NotificationLifecycle",
                    package: "NotificationLifecycle"
                )
            ]
        ),
        .testTarget(
            name: "InboxTests",
            dependencies: [
                "Inbox",
                .product(
                    name: "NotificationLifecycleTesting",
                    package: "NotificationLifecycle"
                ),
            ]
        ),
    ]
)
