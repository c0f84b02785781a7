import ArgumentParser
import SimonControl
import SimonGPIO
import SimonGame
import SimonHardware
import SimonPOSIX
import UnixSignals

/// `simonctl test-hardware`: the builder's wiring check. Lights each pad with its tone,
/// then prints every press and release live until Ctrl-C.
struct TestHardware: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test-hardware",
    abstract: "Check the wiring: light each pad with its tone, then show every press and release.",
    discussion: """
      Lights each pad in turn while its tone plays, pulses the vibration motor three \
      times where [haptics] wires one, then prints every press and release \
      live with the line and the kernel's timestamp; a pressed pad lights while held. \
      Ctrl-C stops it: LEDs off, lines released, exit 0. It cannot run while simond \
      holds the lines: stop simond first. Exits 69 when the GPIO chip or a line is \
      missing, busy or not permitted.
      """)

  @OptionGroup var common: CommonOptions

  @Option(help: ArgumentHelp("How long each pad stays lit in the light check.", valueName: "ms"))
  var lightMs = 500

  @Option(help: ArgumentHelp("Tone volume in percent, 0-100.", valueName: "percent"))
  var volume = 60

  func validate() throws {
    guard (50...5000).contains(lightMs) else { throw ValidationError("--light-ms must be 50-5000") }
    guard (0...100).contains(volume) else { throw ValidationError("--volume must be 0-100") }
  }

  func run() async throws {
    let config = try loadConfiguration(common: common)
    let wiring = config.wiring
    // Ctrl-C and SIGTERM are trapped from before the lines are taken until run() returns, so
    // that neither kills it with a pad lit, nor while the LEDs go off and the lines go back.
    let stops = await UnixSignalsSequence(trapping: .sigint, .sigterm)
    defer { withExtendedLifetime(stops) {} }
    let cabinet: GPIOCabinet
    do {
      cabinet = try GPIOCabinet(wiring: wiring, consumer: "simonctl")
    } catch {
      Console.error("simonctl: \(error.message)")
      throw ExitCode(ExitStatus.unavailable)
    }
    let speaker = makeSpeaker(device: config.audioDevice)
    defer { speaker.shutdown() }
    let edges = cabinet.edges()
    Console.say(HardwareReport.lines(of: cabinet))
    let check = Task {
      try await Self.lightEachPad(cabinet, speaker: speaker, volume: volume, ms: lightMs)
    }
    // Runs until Ctrl-C or SIGTERM, or until the lines fail and the edges end.
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await _ in stops { return }
      }
      group.addTask { await Self.show(edges, cabinet: cabinet, speaker: speaker, volume: volume) }
      await group.next()
      check.cancel()
      _ = await check.result
      speaker.stopTone()
      cabinet.close()
      group.cancelAll()
    }
    let checkResult = await check.result
    Console.say("stopped: LEDs off, lines released")
    if case .failure(let error as HardwareError) = checkResult {
      Console.error("simonctl: \(error.message)")
      throw ExitCode(ExitStatus.unavailable)
    }
    if let fault = cabinet.fault {
      Console.error("simonctl: \(fault.message)")
      throw ExitCode(ExitStatus.unavailable)
    }
  }

  /// Lights each pad in turn with its classic tone, plays the razz, then pulses the
  /// motor where one is wired.
  private static func lightEachPad(
    _ cabinet: GPIOCabinet, speaker: any Speaker, volume: Int, ms: Int
  ) async throws {
    Console.say("light check: each pad lights with its tone")
    for pad in Pad.allCases {
      Console.say("  \(pad.rawValue)")
      try cabinet.set(pad, on: true)
      speaker.startTone(hertz: ToneSet.classic.hertz(of: pad), volume: volume)
      defer {
        speaker.stopTone()
        try? cabinet.set(pad, on: false)
      }
      try await Task.sleep(for: .milliseconds(ms))
    }
    Console.say("  error tone")
    speaker.startTone(hertz: ToneSet.razzHertz, volume: volume)
    try await Task.sleep(for: .milliseconds(ms))
    speaker.stopTone()
    if let motor = cabinet.motorLine {
      Console.say("  vibration motor on \(motor): three pulses")
      for _ in 0..<3 {
        try cabinet.setMotor(on: true)
        defer { try? cabinet.setMotor(on: false) }
        try await Task.sleep(for: .milliseconds(ms / 2))
        try cabinet.setMotor(on: false)
        try await Task.sleep(for: .milliseconds(ms / 2))
      }
    }
    Console.say("press the buttons; Ctrl-C stops")
  }

  /// Prints each edge as it comes; a pad lights and sounds while held.
  private static func show(
    _ edges: AsyncStream<InputEdge>, cabinet: GPIOCabinet, speaker: any Speaker, volume: Int
  ) async {
    var previous: MonotonicInstant?
    for await edge in edges {
      Console.say(
        HardwareReport.line(for: edge, after: previous, on: cabinet.inputLines[edge.input]))
      previous = edge.at
      guard let pad = edge.input.pad else { continue }
      try? cabinet.set(pad, on: edge.pressed)
      if edge.pressed {
        speaker.startTone(hertz: ToneSet.classic.hertz(of: pad), volume: volume)
      } else {
        speaker.stopTone()
      }
    }
  }
}
