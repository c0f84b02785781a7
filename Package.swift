// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "simon-cabinet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "simond", targets: ["simond"]),
    .executable(name: "simonctl", targets: ["simonctl"]),
    .executable(name: "bench-audio", targets: ["bench-audio"]),
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
    // A thin C shim over alsa-lib (apt: libasound2-dev).
    .target(name: "CALSA", linkerSettings: [.linkedLibrary("asound")]),
    // Tone synthesis and the ALSA speaker.
    .target(
      name: "SimonAudio",
      dependencies: [
        "SimonGame", "SimonHardware", "CALSA",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The runner and everything the daemon and the operator tool share.
    .target(
      name: "SimonDaemon",
      dependencies: [
        "SimonGame", "SimonHardware",
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
        "SimonDaemon", "SimonAudio",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "SimonGameTests", dependencies: ["SimonGame"]),
    .testTarget(name: "SimonHardwareTests", dependencies: ["SimonHardware"]),
    .testTarget(
      name: "SimonAudioTests",
      dependencies: [
        "SimonAudio", "SimonGame", "SimonHardware",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "bench-audio",
      dependencies: [
        "SimonAudio", "SimonGame", "SimonHardware",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Benchmarks/bench-audio"),
    .testTarget(name: "SimonDaemonTests", dependencies: ["SimonDaemon", "SimonHardware"]),
  ],
  swiftLanguageModes: [.v6]
)
