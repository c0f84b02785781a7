import Logging
import SimonGame
import SimonHardware

/// The `--hardware mock` cabinet of the daemon: no inputs, and lights, speaker and a
/// vibration motor that only log (at debug level). For trying the daemon's plumbing
/// without any hardware.
struct LoggingCabinet: InputSource, Lights, Speaker, HapticMotor {
  let logger: Logger
  let wired = Set(Pad.allCases.map(Input.init))
  private let broadcast = EdgeBroadcast()

  init(logger: Logger) { self.logger = logger }

  /// Streams that never carry an edge, ended by `close`.
  func edges() -> AsyncStream<InputEdge> { broadcast.subscribe() }

  /// Ends the edge streams.
  func close() { broadcast.finish() }

  func set(_ pad: Pad, on: Bool) throws {
    logger.debug("led \(pad.rawValue) \(on ? "on" : "off")")
  }

  func startTone(hertz: Double, volume: Int) { logger.debug("tone \(hertz) Hz at \(volume) %") }

  func stopTone() { logger.debug("tone off") }

  func setMotor(on: Bool) { logger.debug("haptic \(on ? "on" : "off")") }
}

/// Several speakers sounding as one (the socket and a sound card, say).
struct SpeakerGroup: Speaker {
  let speakers: [any Speaker]

  func startTone(hertz: Double, volume: Int) {
    for speaker in speakers { speaker.startTone(hertz: hertz, volume: volume) }
  }

  func stopTone() {
    for speaker in speakers { speaker.stopTone() }
  }
}
