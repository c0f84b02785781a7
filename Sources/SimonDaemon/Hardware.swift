import Logging
import SimonAudio
import SimonCabinetConfig
import SimonGPIO
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonSim
import SimonTransport

/// The backends picked at the one seam (`--hardware`, `--audio`): inputs, lights and
/// the speaker, with what must be closed on the way out.
struct Hardware: Sendable {
  let inputs: any InputSource
  let lights: any Lights
  let speaker: (any Speaker)?
  /// The vibration motor, where one is wired (the simulated cabinet always has one).
  let motor: (any HapticMotor)?
  let speakerDescription: String
  /// What the backend shows of the journal beyond lamps and tones (the simulated
  /// cabinet's state and game-over lines); called as a journal sink.
  let shows: (@Sendable (Journal.Entry) -> Void)?
  let close: @Sendable () -> Void

  /// Opens the chosen backends; GPIO lines are read on `thread`.
  /// - Throws: `HardwareError` or `SocketError` saying what is missing.
  static func open(
    _ options: DaemonOptions, config: DaemonConfig, environment: [String: String],
    thread: CabinetThread, logger: Logger
  ) throws -> Hardware {
    let alsa: ALSASpeaker?
    let soundDescription: String
    switch options.audio {
    case .none:
      alsa = nil
      soundDescription = "off (--audio none)"
    case .alsa:
      alsa = ALSASpeaker(
        configuration: .init(
          device: config.audioDevice, realtimePriority: RealtimePriority.audio),
        logger: logger)
      soundDescription = "on ALSA device \(config.audioDevice)"
    }
    let sound: (any Speaker)? = alsa
    let closeSound: @Sendable () -> Void = { alsa?.shutdown() }
    switch options.hardware {
    case .gpio:
      let cabinet = try GPIOCabinet(wiring: config.wiring, consumer: "simond", thread: thread)
      return Hardware(
        inputs: cabinet, lights: cabinet, speaker: sound, motor: cabinet.motor,
        speakerDescription: soundDescription, shows: nil,
        close: {
          cabinet.close()
          closeSound()
        })
    case .sim:
      let path =
        options.simSocket
        ?? SimSocketPath.defaultPath(environment: environment, uid: POSIX.userID)
      let server = try SimCabinetServer(path: path, wired: config.wiredInputs)
      logger.info("simulated cabinet on \(path)")
      let speakers: [any Speaker] = [server] + (sound.map { [$0] } ?? [])
      return Hardware(
        inputs: server, lights: server, speaker: SpeakerGroup(speakers: speakers), motor: server,
        speakerDescription: soundDescription + ", tones on the socket",
        shows: { entry in
          switch entry.happening {
          case .status(let status): server.publish(status)
          case .recorded(let game): server.publish(gameOver: game.recordOrProvisional.json)
          default: break
          }
        },
        close: {
          server.close()
          closeSound()
        })
    case .mock:
      let cabinet = LoggingCabinet(logger: logger)
      return Hardware(
        inputs: cabinet, lights: cabinet,
        speaker: SpeakerGroup(speakers: [cabinet] + (sound.map { [$0] } ?? [])), motor: cabinet,
        speakerDescription: soundDescription, shows: nil,
        close: {
          cabinet.close()
          closeSound()
        })
    }
  }
}
