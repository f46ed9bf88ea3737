// swift-tools-version: 6.0
// A Vapor server whose request and response bodies are PropertyMapper models, through the Codable bridge
// (`MappedCodable`): `POST /orders` decodes an `Order` as Vapor `Content`, every check of its mapping run, and
// answers 201 with the order written back through the mapping, or 400 with every error. The package's tests
// build it and run its tests (VaporAppTests), in memory and once over loopback HTTP. The library itself stays
// dependency-free: Vapor is this fixture's dependency only.
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "VaporApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PropertyMapper", path: "../.."),
        .package(url: "https://github.com/vapor/vapor.git", exact: "4.122.3"),
        // Already Vapor's dependencies: the loopback test's HTTP client and `SocketAddress.port`.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        .target(
            name: "App",
            dependencies: [
                .product(name: "PropertyMapper", package: "PropertyMapper"),
                .product(name: "Vapor", package: "vapor"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "Run",
            dependencies: ["App", .product(name: "Vapor", package: "vapor")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App",
                .product(name: "PropertyMapper", package: "PropertyMapper"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
