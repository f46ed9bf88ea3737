// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "PropertyMapper",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "PropertyMapper", targets: ["PropertyMapper"]),
        .executable(name: "tour", targets: ["Tour"]),
        .executable(name: "feed-benchmark", targets: ["FeedBenchmark"]),
    ],
    targets: [
        .target(name: "PropertyMapper", swiftSettings: strictSettings),
        // The video feed's model (Video, its struct twin VideoRecord, VideoType), shared by the tour,
        // the benchmark and the tests; not a product.
        .target(name: "FeedModel", dependencies: ["PropertyMapper"], swiftSettings: strictSettings),
        // The threads workload generated in Swift (make_threads.py's twin) and Python's random.Random,
        // shared by the benchmark (both workloads) and the tests; not a product, no dependencies.
        .target(name: "ThreadsWorkload", swiftSettings: strictSettings),
        .executableTarget(
            name: "Tour",
            dependencies: ["PropertyMapper", "FeedModel"],
            resources: [.copy("Resources/feed.json"), .copy("Resources/repos.json")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FeedBenchmark",
            dependencies: ["PropertyMapper", "FeedModel", "ThreadsWorkload"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PropertyMapperTests",
            dependencies: ["PropertyMapper", "FeedModel", "ThreadsWorkload"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
