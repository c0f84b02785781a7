// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "simon-cabinet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "simond", targets: ["simond"]),
    .executable(name: "simonctl", targets: ["simonctl"]),
    .executable(name: "bench-scores", targets: ["bench-scores"]),
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
    // Scores, players and settings on disk: locking, atomic writes, recovery.
    .target(name: "SimonScores", dependencies: ["SimonGame"]),
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
        "SimonDaemon", "SimonScores",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "bench-scores", dependencies: ["SimonScores"], path: "Benchmarks/bench-scores"),
    // Test-only: a process that records games and acknowledges each, for the tests that
    // run writers in parallel and kill them mid-write.
    .executableTarget(
      name: "scores-test-writer", dependencies: ["SimonScores"],
      path: "Tests/Support/scores-test-writer"),
    .testTarget(name: "SimonGameTests", dependencies: ["SimonGame"]),
    // Test-only: runs the package's executables as child processes.
    .target(name: "ScoresTestSupport", path: "Tests/Support/ScoresTestSupport"),
    .testTarget(
      name: "SimonScoresTests",
      dependencies: ["SimonScores", "ScoresTestSupport", "scores-test-writer"]),
    .testTarget(
      name: "SimonCtlTests", dependencies: ["SimonScores", "ScoresTestSupport", "simonctl"]),
    .testTarget(name: "SimonHardwareTests", dependencies: ["SimonHardware"]),
    .testTarget(name: "SimonDaemonTests", dependencies: ["SimonDaemon", "SimonHardware"]),
  ],
  swiftLanguageModes: [.v6]
)
