import Glibc
import Logging
import SimonGPIO
import SimonGame
import SimonHardware
import SimonSim

/// The backends picked at the one seam (`--hardware`, `--audio`): inputs, lights and
/// the speaker, with what must be closed on the way out.
struct Hardware: Sendable {
  let inputs: any InputSource
  let lights: any Lights
  let speaker: (any Speaker)?
  let speakerDescription: String
  let simServer: SimCabinetServer?
  let close: @Sendable () -> Void

  /// Opens the chosen backends.
  /// - Throws: `HardwareError` or `SocketError` saying what is missing.
  static func open(
    _ options: DaemonOptions, config: DaemonConfig, environment: [String: String], logger: Logger
  ) throws -> Hardware {
    let sound: (any Speaker)?
    let soundDescription: String
    switch options.audio {
    case .none:
      sound = nil
      soundDescription = "off (--audio none)"
    case .alsa:
      sound = AudioBackend.speaker(device: config.audioDevice, logger: logger)
      soundDescription = "on ALSA device \(config.audioDevice)"
    }
    switch options.hardware {
    case .gpio:
      let cabinet = try GPIOCabinet(wiring: config.wiring, consumer: "simond")
      return Hardware(
        inputs: cabinet, lights: cabinet, speaker: sound, speakerDescription: soundDescription,
        simServer: nil, close: { cabinet.close() })
    case .sim:
      let path =
        options.simSocket
        ?? DaemonOptions.defaultSimSocket(environment: environment, uid: getuid())
      let server = try SimCabinetServer(path: path, wired: config.wiredInputs)
      logger.info("simulated cabinet on \(path)")
      let speakers: [any Speaker] = [server] + (sound.map { [$0] } ?? [])
      return Hardware(
        inputs: server, lights: server, speaker: SpeakerGroup(speakers: speakers),
        speakerDescription: soundDescription + ", tones on the socket", simServer: server,
        close: { server.close() })
    case .mock:
      let cabinet = LoggingCabinet(logger: logger)
      return Hardware(
        inputs: cabinet, lights: cabinet,
        speaker: SpeakerGroup(speakers: [cabinet] + (sound.map { [$0] } ?? [])),
        speakerDescription: soundDescription, simServer: nil, close: {})
    }
  }
}
