// swift-tools-version: 6.0
import PackageDescription

/// Command lines: simond's, simonctl's, simon-venue's and the benchmarks'.
let argumentParser: Target.Dependency = .product(
  name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
  name: "simon-cabinet",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "simond", targets: ["simond"]),
    .executable(name: "simonctl", targets: ["simonctl"]),
    .executable(name: "simon-venue", targets: ["simon-venue"]),
    // For the cabinet screen (Screen/, a package of its own so that nothing here links
    // SwiftNIO): the control socket's protocol and client, and what it carries.
    .library(name: "SimonControl", targets: ["SimonControl"]),
    .library(name: "SimonTransport", targets: ["SimonTransport"]),
    .library(name: "SimonGame", targets: ["SimonGame"]),
    .library(name: "SimonScores", targets: ["SimonScores"]),
    .library(name: "SimonVenueStore", targets: ["SimonVenueStore"]),
    .library(name: "SimonSystemd", targets: ["SimonSystemd"]),
    .library(name: "SimonPOSIX", targets: ["SimonPOSIX"]),
    .executable(name: "bench-scores", targets: ["bench-scores"]),
    .executable(name: "bench-simond", targets: ["bench-simond"]),
    .executable(name: "bench-audio", targets: ["bench-audio"]),
    .executable(name: "bench-control", targets: ["bench-control"]),
    .executable(name: "bench-soak", targets: ["bench-soak"]),
    .executable(name: "bench-venue", targets: ["bench-venue"]),
    .executable(name: "bench-match", targets: ["bench-match"]),
    .executable(name: "bench-press", targets: ["bench-press"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
  ],
  targets: [
    // The rules: pure, no Foundation, no I/O.
    .target(name: "SimonGame"),
    // A TOML 1.0 reader that keeps each value's line, for simond.toml: standard library only.
    .target(name: "SimonTOML"),
    // Configuration files read key by key, every problem with its key and line.
    .target(
      name: "SimonConfig",
      dependencies: ["SimonTOML", .product(name: "SystemPackage", package: "swift-system")]),
    // The few libc calls Swift's Glibc module lacks (ppoll, pipe2, accept4).
    .target(name: "CSimonPOSIX"),
    // The one system layer over libc: swift-system (FileDescriptor, Errno) plus what it
    // lacks: Unix sockets, pipes, ppoll, threads, standard error, process facts, and
    // CLOCK_MONOTONIC as a Swift Clock.
    .target(
      name: "SimonPOSIX",
      dependencies: ["CSimonPOSIX", .product(name: "SystemPackage", package: "swift-system")]),
    // sd_notify: READY, STATUS, WATCHDOG to systemd (simond, the cabinet screen).
    .target(name: "SimonSystemd", dependencies: ["SimonPOSIX"]),
    // The line transport under both of simond's sockets: a Unix socket server of
    // newline-delimited messages, its client calls and their errors. Knows no message.
    .target(
      name: "SimonTransport",
      dependencies: ["SimonPOSIX", .product(name: "SystemPackage", package: "swift-system")]),
    // Capability protocols, input events, debouncing, clocks, the cabinet thread, the mock
    // cabinet.
    .target(
      name: "SimonHardware",
      dependencies: [
        "SimonGame", "SimonPOSIX", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The simulated cabinet: its socket protocol, server backend and client.
    .target(
      name: "SimonSim",
      dependencies: [
        "SimonGame", "SimonHardware", "SimonPOSIX", "SimonTransport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // One version-neutral C API over libgpiod 1.6 (v1 API) or 2.x (v2 API).
    .target(name: "CGPIOD", linkerSettings: [.linkedLibrary("gpiod")]),
    // The cabinet on real GPIO lines: wiring, line lookup, edges, LEDs.
    .target(
      name: "SimonGPIO",
      dependencies: [
        "SimonGame", "SimonHardware", "SimonPOSIX", "CGPIOD",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The state files' JSON: a parser that says where a file is broken, a reader that
    // names the member at fault, a writer for the files' own layout. Standard library only.
    .target(name: "SimonJSON"),
    // A state file on disk: versioned JSON, locking, atomic writes, recovery from a
    // broken file; the state directory; timestamps as the files write them.
    .target(
      name: "SimonStateFiles",
      dependencies: [
        "SimonJSON", "SimonPOSIX", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The cabinet's books: scores, players and settings, each in its state file.
    .target(
      name: "SimonScores",
      dependencies: [
        "SimonGame", "SimonJSON", "SimonStateFiles", "SimonPOSIX",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The venue's side on disk: the tables merged from every cabinet (venue.json) and the
    // bridge's outbox of records not yet published (outbox.json).
    .target(
      name: "SimonVenueStore",
      dependencies: ["SimonGame", "SimonJSON", "SimonStateFiles", "SimonScores"]),
    // A thin C shim over alsa-lib (apt: libasound2-dev).
    .target(name: "CALSA", linkerSettings: [.linkedLibrary("asound")]),
    // Tone synthesis and the ALSA speaker.
    .target(
      name: "SimonAudio",
      dependencies: [
        "SimonGame", "SimonHardware", "SimonPOSIX", "CALSA",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The control socket's protocol (docs/design.md section 10) and its client: for
    // simonctl, the cabinet screen and the venue bridge. No hardware, no simulated cabinet
    // (scripts/check-seams).
    .target(
      name: "SimonControl",
      dependencies: [
        "SimonGame", "SimonScores", "SimonTransport", "SimonPOSIX",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The terminal cabinet of `simonctl play` and `status`: keys, screen, report (pure).
    .target(
      name: "SimonTerminal",
      dependencies: ["SimonStateFiles", "SimonGame", "SimonSim", "SimonControl", "SimonScores"]),
    // simond.toml: the cabinet's configuration, its defaults and its checks, for simond and
    // simonctl (which reads it without linking the daemon).
    .target(
      name: "SimonCabinetConfig",
      dependencies: ["SimonGame", "SimonGPIO", "SimonScores", "SimonTOML", "SimonConfig"]),
    // The runner, the journal, the control socket's server and the daemon's services.
    .target(
      name: "SimonDaemon",
      dependencies: [
        "SimonStateFiles",
        "SimonCabinetConfig",
        "SimonGame", "SimonHardware", "SimonSim", "SimonTransport", "SimonGPIO", "SimonScores",
        "SimonAudio", "SimonTOML", "SimonConfig", "SimonControl", "SimonSystemd", "SimonPOSIX",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .executableTarget(
      name: "simond",
      dependencies: [
        "SimonDaemon", "SimonCabinetConfig", "SimonControl", "SimonPOSIX",
        .product(name: "Logging", package: "swift-log"),
        argumentParser,
      ],
      // As it ships (release): linked by lld with packed relative relocations (glibc
      // 2.36+, Debian 12, Raspberry Pi OS bookworm). A static Swift runtime is a PIE with
      // some 40 000 relative relocations; packed, the loader reads 8 KB instead of 1 MB,
      // which is about 1 MB less resident memory for the life of the daemon.
      linkerSettings: [
        .unsafeFlags(
          ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
          .when(platforms: [.linux], configuration: .release))
      ]),
    .executableTarget(
      name: "simonctl",
      dependencies: [
        "SimonVenueStore", "SimonStateFiles",
        "SimonCabinetConfig", "SimonGPIO", "SimonHardware", "SimonGame", "SimonScores",
        "SimonAudio",
        "SimonSim", "SimonTransport", "SimonTerminal", "SimonControl", "SimonConfig", "SimonPOSIX",
        .product(name: "SystemPackage", package: "swift-system"),
        argumentParser,
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]),
    // A thin C shim over libmosquitto (apt: libmosquitto-dev), for the venue bridge.
    .target(name: "CMosquitto", linkerSettings: [.linkedLibrary("mosquitto")]),
    // The venue (SPEC section 12): records published from a durable outbox over MQTT,
    // the venue table merged from every cabinet's, Home Assistant discovery. No devices.
    .target(
      name: "SimonVenue",
      dependencies: [
        "SimonVenueStore", "SimonStateFiles",
        "SimonGame", "SimonScores", "SimonControl", "SimonConfig", "SimonPOSIX", "CMosquitto",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "simon-venue",
      dependencies: [
        "SimonVenue", "SimonConfig", "SimonScores", "SimonControl", "SimonPOSIX",
        .product(name: "Logging", package: "swift-log"),
        argumentParser,
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]),
    .executableTarget(
      name: "bench-scores", dependencies: ["SimonGame", "SimonScores", argumentParser],
      path: "Benchmarks/bench-scores"),
    // Test-only: a process that records games and acknowledges each, for the tests that
    // run writers in parallel and kill them mid-write.
    .executableTarget(
      name: "scores-test-writer", dependencies: ["SimonGame", "SimonStateFiles", "SimonScores"],
      path: "Tests/Support/scores-test-writer"),
    .testTarget(name: "SimonGameTests", dependencies: ["SimonGame"]),
    .testTarget(name: "SimonTOMLTests", dependencies: ["SimonTOML"]),
    .testTarget(
      name: "SimonPOSIXTests",
      dependencies: ["SimonPOSIX", .product(name: "SystemPackage", package: "swift-system")]),
    // Test-only: runs the package's executables as child processes.
    .target(
      name: "ScoresTestSupport",
      dependencies: ["SimonPOSIX", .product(name: "SystemPackage", package: "swift-system")],
      path: "Tests/Support/ScoresTestSupport"),
    .testTarget(
      name: "SimonScoresTests",
      dependencies: [
        "SimonVenueStore", "SimonStateFiles", "SimonScores", "SimonJSON", "ScoresTestSupport",
        "scores-test-writer",
      ],
      // State files as released versions wrote them, read by path (StateFileFixtureTests).
      exclude: ["StateFiles"]),
    .testTarget(
      name: "SimonCtlTests",
      dependencies: [
        "SimonScores", "ScoresTestSupport", "simonctl", "simond",
        argumentParser,
      ]),
    .testTarget(name: "SimonHardwareTests", dependencies: ["SimonHardware", "SimonPOSIX"]),
    .testTarget(
      name: "SimonTransportTests",
      dependencies: ["SimonTransport", "SimonProcessSupport"]),
    .testTarget(
      name: "SimonSimTests",
      dependencies: [
        "SimonSim", "SimonTransport", "SimonPOSIX", "SimonProcessSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(
      name: "SimonGPIOTests",
      dependencies: [
        "SimonGPIO", "SimonHardware", "SimonGame", "SimonPOSIX",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .testTarget(
      name: "SimonAudioTests",
      dependencies: [
        "SimonAudio", "SimonGame", "SimonHardware", "SimonPOSIX", "SimonProcessSupport",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "bench-audio",
      dependencies: [
        "SimonAudio", "SimonGame", "SimonHardware", "SimonPOSIX",
        .product(name: "Logging", package: "swift-log"),
        argumentParser,
      ],
      path: "Benchmarks/bench-audio"),
    // Test-only: runs the real simond and plays it through the socket (tests, benchmarks).
    .target(
      name: "SimonProcessSupport",
      dependencies: [
        "SimonVenueStore",
        "SimonSim", "SimonHardware", "SimonGame", "SimonControl", "SimonPOSIX", "ScoresTestSupport",
        "SimonScores", "SimonVenue",
        .product(name: "SystemPackage", package: "swift-system"),
        argumentParser,
      ],
      path: "Tests/Support/SimonProcessSupport"),
    // Test-only: Swift Testing traits (a suite that plays a real-time program).
    .target(
      name: "SimonTestTraits",
      dependencies: ["SimonProcessSupport"],
      path: "Tests/Support/SimonTestTraits"),
    .testTarget(
      name: "SimonEndToEndTests",
      dependencies: [
        "simond", "simonctl", "SimonSim", "SimonGame", "SimonControl", "SimonScores",
        "SimonProcessSupport", "SimonTestTraits", "ScoresTestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    .executableTarget(
      name: "bench-simond",
      dependencies: ["SimonProcessSupport", "SimonSim", "SimonGame", argumentParser],
      path: "Benchmarks/bench-simond"),
    .executableTarget(
      name: "bench-press",
      dependencies: [
        "SimonProcessSupport", "SimonDaemon", "SimonHardware", "SimonGame", "SimonPOSIX",
        argumentParser,
      ],
      path: "Benchmarks/bench-press"),
    .executableTarget(
      name: "bench-soak",
      dependencies: ["SimonProcessSupport", "SimonControl", "SimonGame", argumentParser],
      path: "Benchmarks/bench-soak"),
    .executableTarget(
      name: "bench-venue",
      dependencies: [
        "SimonVenueStore",
        "SimonProcessSupport", "SimonVenue", "SimonScores", "SimonGame", argumentParser,
      ],
      path: "Benchmarks/bench-venue"),
    .executableTarget(
      name: "bench-match",
      dependencies: ["SimonProcessSupport", "SimonControl", "SimonGame", argumentParser],
      path: "Benchmarks/bench-match"),
    .executableTarget(
      name: "bench-control",
      dependencies: ["SimonProcessSupport", "SimonControl", "SimonGame", argumentParser],
      path: "Benchmarks/bench-control"),
    // libFuzzer targets for every parser (scripts/fuzz builds them with -sanitize=fuzzer;
    // in an ordinary build they are empty programs).
    .target(name: "CFuzzing"),
    .executableTarget(
      name: "fuzz-config", dependencies: ["SimonCabinetConfig", "CFuzzing"],
      path: "Fuzz/fuzz-config"),
    .executableTarget(
      name: "fuzz-state",
      dependencies: ["SimonVenueStore", "SimonStateFiles", "SimonScores", "CFuzzing"],
      path: "Fuzz/fuzz-state"),
    .executableTarget(
      name: "fuzz-sim-line", dependencies: ["SimonSim", "CFuzzing"], path: "Fuzz/fuzz-sim-line"),
    .executableTarget(
      name: "fuzz-control", dependencies: ["SimonControl", "CFuzzing"], path: "Fuzz/fuzz-control"),
    .executableTarget(
      name: "fuzz-venue", dependencies: ["SimonVenueStore", "SimonScores", "CFuzzing"],
      path: "Fuzz/fuzz-venue"),
    .testTarget(
      name: "SimonTerminalTests",
      dependencies: [
        "SimonStateFiles", "SimonTerminal", "SimonSim", "SimonGame", "SimonControl", "SimonScores",
      ]),
    .testTarget(
      name: "SimonControlTests",
      dependencies: ["SimonControl", "SimonTransport", "SimonGame", "SimonScores"]),
    .testTarget(
      name: "SimonDaemonTests",
      dependencies: [
        "SimonDaemon", "SimonCabinetConfig", "SimonHardware", "SimonConfig", "SimonSystemd",
        "SimonPOSIX",
        "SimonControl", "SimonGame",
      ]),
    .testTarget(
      name: "SimonVenueTests",
      dependencies: [
        "SimonVenueStore",
        "SimonVenue", "SimonScores", "SimonControl", "SimonGame", "SimonProcessSupport",
        "SimonTestTraits", "ScoresTestSupport", "simond", "simonctl", "simon-venue",
      ]),

  ],
  swiftLanguageModes: [.v6]
)
