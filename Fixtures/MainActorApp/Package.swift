// swift-tools-version: 6.2
// An app target as Xcode 26's new-app template makes it: every declaration is on the main actor
// unless it says otherwise (`defaultIsolation`), with the "approachable concurrency" features on.
// The package's tests build and run it (MainActorFixtureTests); `Failing/` holds code that must not
// compile, each file with the error it expects.
import PackageDescription

let package = Package(
    name: "MainActorApp",
    dependencies: [.package(name: "PropertyMapper", path: "../..")],
    targets: [
        .executableTarget(
            name: "MainActorApp",
            dependencies: [.product(name: "PropertyMapper", package: "PropertyMapper")],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("InferIsolatedConformances"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
