// swift-tools-version: 6.1
import PackageDescription

// The cabinet screen (SPEC section 11): simon-web serves the page, a WebSocket of the
// control socket's events and a read-only JSON API. A package of its own so that the
// cabinet's package never builds or links SwiftNIO: simond has no network code.
let package = Package(
  name: "simon-cabinet-screen",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "simon-web", targets: ["simon-web"])
  ],
  dependencies: [
    .package(name: "simon-cabinet", path: ".."),
    // No traits: the default one (configuration support) brings swift-configuration,
    // which simon-web does not use, and its build.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // The link to simond, the API's routes, the WebSocket and the page's files.
    .target(
      name: "SimonWeb",
      dependencies: [
        .product(name: "SimonControl", package: "simon-cabinet"),
        .product(name: "SimonGame", package: "simon-cabinet"),
        .product(name: "SimonScores", package: "simon-cabinet"),
        .product(name: "SimonVenueStore", package: "simon-cabinet"),
        .product(name: "SimonSystemd", package: "simon-cabinet"),
        .product(name: "SimonPOSIX", package: "simon-cabinet"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "simon-web",
      dependencies: [
        "SimonWeb",
        .product(name: "SimonPOSIX", package: "simon-cabinet"),
        .product(name: "SimonScores", package: "simon-cabinet"),
        .product(name: "SimonVenueStore", package: "simon-cabinet"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "SimonWebTests",
      dependencies: [
        "SimonWeb",
        .product(name: "SimonControl", package: "simon-cabinet"),
        .product(name: "SimonGame", package: "simon-cabinet"),
        .product(name: "SimonPOSIX", package: "simon-cabinet"),
        .product(name: "SimonScores", package: "simon-cabinet"),
        .product(name: "SimonVenueStore", package: "simon-cabinet"),
        // Requests answered by the router in memory, on an embedded channel: no socket,
        // and none of HummingbirdTesting's HTTP client and TLS to build.
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
