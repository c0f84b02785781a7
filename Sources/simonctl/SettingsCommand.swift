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
      override the configuration file's [audio], [game] and [haptics] values; they are marked \
      "# changed", and the others follow the configuration. With simond running, the \
      settings shown are those it plays and changes apply to the next game; otherwise \
      they are read from and saved to the state directory for simond's next start. \
      'settings reset KEY' (or --all) lets a setting follow the configuration again.

      \(ExitStatus.help)
      """,
    subcommands: [SettingsSet.self, SettingsReset.self])

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Flag(help: "Print JSON for scripts: {\"audio\": {...}, \"game\": {...}, \"haptics\": {...}}.")
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
      for section in SettingKey.sections {
        if !lines.isEmpty { lines.append("") }
        lines.append("[\(section)]")
        for key in SettingKey.allCases where key.section == section {
          let mark = changed.contains(key.rawValue) ? "  # changed" : ""
          lines.append("\(key.name) = \(SettingsSet.tomlValue(key, settings))\(mark)")
        }
      }
      print(lines.joined(separator: "\n"))
    }
  }
}

/// `settings --json`: the settings in force, in the configuration file's sections and
/// names.
private struct SettingsJSON: Encodable {
  let settings: Settings

  init(_ settings: Settings) { self.settings = settings }

  private struct Name: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var sections = encoder.container(keyedBy: Name.self)
    for section in SettingKey.sections {
      var members = sections.nestedContainer(keyedBy: Name.self, forKey: Name(stringValue: section))
      for key in SettingKey.allCases where key.section == section {
        let name = Name(stringValue: key.name)
        switch key.read(settings) {
        case .flag(let on): try members.encode(on, forKey: name)
        case .number(let number): try members.encode(number, forKey: name)
        case .word(let word): try members.encode(word, forKey: name)
        }
      }
    }
  }
}
