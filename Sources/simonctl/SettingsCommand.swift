import ArgumentParser
import SimonControl
import SimonGame
import SimonScores

/// `simonctl settings`: shows the settings in force; `settings set KEY VALUE`.
struct SettingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "Show the cabinet's settings; change one with 'settings set'.",
    discussion: """
      Settings changed here or at the cabinet are kept in the state directory and \
      override the configuration file's [audio] and [game] values; they are marked \
      "# changed", and the others follow the configuration. With simond running, the \
      settings shown are those it plays and changes apply to the next game; otherwise \
      they are read from and saved to the state directory for simond's next start. \
      'settings reset KEY' (or --all) lets a setting follow the configuration again.

      \(ExitStatus.help)
      """,
    subcommands: [SettingsSet.self, SettingsReset.self])

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Flag(help: "Print JSON for scripts: {\"audio\": {...}, \"game\": {...}}.")
  var json = false

  func run() throws {
    try Output.run {
      let settings: Settings
      let changed: Set<String>
      switch try DaemonRoute.find(common: common, socket: socket) {
      case .live(let client):
        let inForce = client.snapshot!.settings
        settings = inForce.values
        changed = Set(inForce.changed)
      case .files(let stores, _):
        let stored = try stores.settings.load()
        settings = stored.applied(to: try baseSettings(common: common))
        changed = Set(stored.storedKeys.map(\.rawValue))
      }
      if json {
        try JSONOutput.print(SettingsJSON(settings))
        return
      }
      var lines: [String] = []
      for section in ["audio", "game"] {
        if !lines.isEmpty { lines.append("") }
        lines.append("[\(section)]")
        for key in SettingKey.allCases where key.section == section {
          let mark = changed.contains(key.rawValue) ? "  # changed" : ""
          lines.append("\(key.rawValue) = \(SettingsSet.tomlValue(key, settings))\(mark)")
        }
      }
      print(lines.joined(separator: "\n"))
    }
  }
}

/// `settings --json`: the settings in force, in the configuration file's sections.
private struct SettingsJSON: Encodable {
  struct Audio: Encodable {
    var enabled: Bool
    var volume: Int
    var tones: String
  }

  struct Game: Encodable {
    var mode: String
    var difficulty: String
    var players: Int
    var skillTarget: Int

    enum CodingKeys: String, CodingKey {
      case mode, difficulty, players
      case skillTarget = "skill_target"
    }
  }

  var audio: Audio
  var game: Game

  init(_ settings: Settings) {
    audio = Audio(
      enabled: settings.soundOn, volume: settings.volume, tones: settings.toneSet.rawValue)
    game = Game(
      mode: settings.mode.rawValue, difficulty: settings.difficulty.rawValue,
      players: settings.players, skillTarget: settings.skillTarget)
  }
}
