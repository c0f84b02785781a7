// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "simon-cabinet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "simond", targets: ["simond"]),
    .executable(name: "simonctl", targets: ["simonctl"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    // The rules: pure, no Foundation, no I/O.
    .target(name: "SimonGame"),
    // Capability protocols, input events, debouncing, clocks, the mock cabinet.
    .target(name: "SimonHardware", dependencies: ["SimonGame"]),
    // The simulated cabinet: its socket protocol, server backend and client.
    .target(name: "SimonSim", dependencies: ["SimonGame", "SimonHardware"]),
    // The terminal cabinet of `simonctl play` and `status`: keys, screen, report (pure).
    .target(name: "SimonTerminal", dependencies: ["SimonGame", "SimonSim"]),
    // The runner and everything the daemon and the operator tool share.
    .target(
      name: "SimonDaemon",
      dependencies: [
        "SimonGame", "SimonHardware", "SimonSim",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "simond",
      dependencies: [
        "SimonDaemon",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "simonctl",
      dependencies: [
        "SimonDaemon", "SimonGame", "SimonHardware", "SimonSim", "SimonTerminal",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "SimonGameTests", dependencies: ["SimonGame"]),
    .testTarget(name: "SimonHardwareTests", dependencies: ["SimonHardware"]),
    .testTarget(name: "SimonSimTests", dependencies: ["SimonSim"]),
    .testTarget(name: "SimonTerminalTests", dependencies: ["SimonTerminal", "SimonSim"]),
    .testTarget(name: "SimonDaemonTests", dependencies: ["SimonDaemon", "SimonHardware"]),
  ],
  swiftLanguageModes: [.v6]
)
