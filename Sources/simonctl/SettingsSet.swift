import ArgumentParser
import SimonControl
import SimonGame
import SimonScores

/// `simonctl settings set KEY VALUE`.
struct SettingsSet: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Change one setting; it persists across restarts.",
    discussion: """
      Keys and values: enabled (or sound) true|false; volume 0-100; tones \
      classic|solfege; mode classic|levels|coop|player-adds|directional; difficulty \
      easy|medium|hard; players 1-5; skill_target 0|8|14|20|31; haptics true|false \
      (the vibration motor). A key may carry its section: audio.volume, game.mode, \
      haptics.enabled. directional needs a joystick in the configuration.

      With simond running on this state directory, the change goes through its control \
      socket and the next game plays it; otherwise it is saved in settings.json for \
      simond's next start. The second line of output says which.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Argument(help: ArgumentHelp("The setting, as in the configuration file.", valueName: "key"))
  var key: KeyArgument

  @Argument(help: ArgumentHelp("Its new value.", valueName: "value"))
  var value: String

  func run() throws {
    try Output.run {
      switch try DaemonRoute.find(common: common, socket: socket) {
      case .live(let client):
        let result = try DaemonRoute.ask(client, .set(key: key.key.rawValue, value: value))
        let settings = result.settings?.values ?? .defaults
        print("\(key.key.rawValue) = \(Self.tomlValue(key.key, settings))")
        print(Self.appliedLive)
      case .files(let stores, let reason):
        let config = try loadConfiguration(common: common)
        let settings = try stores.settings.set(
          key.key, to: value, base: config.settings, playable: config.playable)
        print("\(key.key.rawValue) = \(Self.tomlValue(key.key, settings))")
        print(Self.savedForLater(reason))
      }
    }
  }

  /// The second line of a change simond applied.
  static let appliedLive = "Applied by simond: the next game starts with it."

  /// The second line of a change saved in the files.
  static func savedForLater(_ reason: String) -> String {
    "Saved in settings.json (\(reason)): simond applies it when it starts or reloads."
  }

  /// A setting's value as the configuration file writes it: strings in quotes.
  static func tomlValue(_ key: SettingKey, _ settings: Settings) -> String {
    let value = key.read(settings)
    if case .word = value { return "\"\(value.text)\"" }
    return value.text
  }
}

/// A setting's name on the command line: the key, `sound`, or `section.key`.
struct KeyArgument: ExpressibleByArgument, Sendable {
  let key: SettingKey

  init?(argument: String) {
    guard let key = SettingKey(name: argument) else { return nil }
    self.key = key
  }

  static var allValueStrings: [String] { SettingKey.allCases.map(\.rawValue) + ["sound"] }

  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
