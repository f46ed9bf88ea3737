// swift-tools-version: 6.2
// An app target as Xcode 26's new-app template makes it: every declaration is on the main actor
// unless it says otherwise (`defaultIsolation`), with the "approachable concurrency" features on.
// The package's tests build and run it (MainActorAppTests); `Failing/` holds code that must not
// compile, each file with the error it expects. The README's first example is in the app target
// (Sources/MainActorApp/ReadmeExample.swift, Swift 6 mode) and, the same file, in ReadmeExampleSwift5
// (Swift 5 mode, as Xcode 26 makes a new app target); the tests check both against README.md.
import PackageDescription

let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "MainActorApp",
    dependencies: [.package(name: "PropertyMapper", path: "../..")],
    targets: [
        .executableTarget(
            name: "MainActorApp",
            dependencies: [.product(name: "PropertyMapper", package: "PropertyMapper")],
            swiftSettings: appSettings
        ),
        .target(
            name: "ReadmeExampleSwift5",
            dependencies: [.product(name: "PropertyMapper", package: "PropertyMapper")],
            swiftSettings: appSettings + [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
