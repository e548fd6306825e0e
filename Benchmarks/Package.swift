// swift-tools-version: 6.1
import PackageDescription

// The benchmark suite: a package of its own, so that the library's manifest names no dependency.
// Run it with `Benchmarks/compare.sh` from the repository root.
let package = Package(
    name: "NotificationLifecycleBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "NotificationLifecycle", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // The controllers, observers and messages the benchmarks and the profiling harness share.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ]
        ),
        // Runs one benchmark's operation many times in a plain process, for valgrind --tool=callgrind.
        .executableTarget(
            name: "NotificationLifecycleProfile",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                // The recorded post (scenario postrecorded-framework): a DeliveryRecorder on the info.
                .product(name: "NotificationLifecycleTesting", package: "NotificationLifecycle"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ],
            path: "Sources/Profile"
        ),
        .executableTarget(
            name: "NotificationLifecycleBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "NotificationLifecycle", package: "NotificationLifecycle"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ],
            path: "Benchmarks/NotificationLifecycleBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Both sides of every pair are written in this package (the framework's controllers and the hand-written ones, the
// handlers, the measured closures), so both are built the same way: without the runtime's dynamic exclusivity checks
// (`swift_beginAccess`), which an optimised build keeps around class properties and captured variables. With them,
// the hand-written controller paid about 3k instructions of checks per controller (its token arrays are class
// properties) and every handler's `count += 1` about 80 per call (one `swift_beginAccess`), none of it either side's
// real work. The library
// itself is built with its own manifest's settings, as a user's build of it is.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.unsafeFlags(["-enforce-exclusivity=unchecked"]))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
