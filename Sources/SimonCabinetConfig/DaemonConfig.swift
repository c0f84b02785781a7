import SimonGPIO
import SimonGame
import SimonScores

/// Everything `simond.toml` says (docs/design.md section 6), with the built-in defaults for what
/// it leaves out.
public struct DaemonConfig: Equatable, Sendable {
  /// The GPIO lines of the pads and the optional inputs.
  public var wiring: GPIOWiring
  /// The debounce window of inputs without their own.
  public var debounce: Duration
  /// Debounce windows set per pad.
  public var debounceByInput: [Input: Duration]
  /// The ALSA PCM the speaker plays to.
  public var audioDevice: String
  /// The settings games start with until changed at the cabinet or with `simonctl`.
  public var settings: Settings
  /// Idle time before the attract animation.
  public var attractAfter: Duration
  /// Where scores and settings live, when neither the command line nor systemd says.
  public var stateDirectory: String?

  /// The built-in configuration: the recommended wiring of `wiring/`, the default
  /// sound device, the settings of docs/design.md section 6.
  public static let defaults = DaemonConfig(
    wiring: .recommended, debounce: .milliseconds(20), debounceByInput: [:],
    audioDevice: "default", settings: .defaults, attractAfter: .seconds(60), stateDirectory: nil)

  /// A configuration with every value given.
  public init(
    wiring: GPIOWiring, debounce: Duration, debounceByInput: [Input: Duration],
    audioDevice: String, settings: Settings, attractAfter: Duration, stateDirectory: String?
  ) {
    self.wiring = wiring
    self.debounce = debounce
    self.debounceByInput = debounceByInput
    self.audioDevice = audioDevice
    self.settings = settings
    self.attractAfter = attractAfter
    self.stateDirectory = stateDirectory
  }

  /// The default path of the configuration file.
  public static let defaultPath = "/etc/simon-cabinet/simond.toml"

  /// Why this cabinet cannot play `settings` (directional mode without a joystick), with
  /// the setting at fault; nil when it can. The one wording for `config check`, the
  /// daemon and every tool that changes a setting.
  public func unplayable(_ settings: Settings) -> (key: SettingKey, message: String)? {
    if settings.mode.rules.answersWithJoystick, !cabinet.hasJoystick {
      return (
        .mode, "\(settings.mode.rawValue) needs [inputs.joystick] with up, down, left and right"
      )
    }
    return nil
  }

  /// `unplayable` as the settings store's check: "mode: directional needs ...".
  public func playable(_ settings: Settings) -> [String] {
    unplayable(settings).map { ["\($0.key.rawValue): \($0.message)"] } ?? []
  }

  /// The inputs the configuration wires: the pads and any optional controls.
  public var wiredInputs: Set<Input> {
    Set(Pad.allCases.map(Input.init)).union(wiring.controls.keys)
  }

  /// What the game needs to know of the cabinet this configuration describes.
  public var cabinet: Cabinet {
    let wired = wiredInputs
    return Cabinet(
      hasStartButton: wired.contains(.start),
      hasJoystick: [Input.up, .down, .left, .right].allSatisfy(wired.contains),
      hasHaptics: wiring.haptic != nil,
      attractAfter: attractAfter)
  }
}
