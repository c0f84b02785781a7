import Logging
import SimonControl

/// How `simond` was asked to run: the command line of docs/design.md section 6.
public struct DaemonOptions: Sendable {
  /// The hardware backends.
  public enum Hardware: String, CaseIterable, Sendable {
    /// Real GPIO lines through libgpiod.
    case gpio
    /// The simulated cabinet on a Unix socket.
    case sim
    /// No hardware at all: outputs are logged at debug level, no inputs come.
    case mock
  }

  /// The sound backends.
  public enum Audio: String, CaseIterable, Sendable {
    /// The configured ALSA device.
    case alsa
    /// Silence (the lights still work).
    case none
  }

  /// The configuration file, or nil for the default path.
  public var configPath: String?
  /// The state directory given on the command line.
  public var stateDirectory: String?
  /// Which hardware backend.
  public var hardware: Hardware
  /// Which sound backend.
  public var audio: Audio
  /// The simulated cabinet's socket, or nil for the default.
  public var simSocket: String?
  /// The control socket, or nil for the default (`ControlSocketPath.daemonPath`).
  public var controlSocket: String?
  /// The lowest log level written.
  public var logLevel: Logger.Level

  /// Options with every value given.
  public init(
    configPath: String?, stateDirectory: String?, hardware: Hardware, audio: Audio,
    simSocket: String?, controlSocket: String? = nil, logLevel: Logger.Level
  ) {
    self.controlSocket = controlSocket
    self.configPath = configPath
    self.stateDirectory = stateDirectory
    self.hardware = hardware
    self.audio = audio
    self.simSocket = simSocket
    self.logLevel = logLevel
  }
}
