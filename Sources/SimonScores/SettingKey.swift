import SimonGame

/// A setting `simonctl settings set` can change, named as in the [audio] and [game]
/// sections of the configuration file (docs/design.md section 6).
public enum SettingKey: String, CaseIterable, Equatable, Sendable {
  /// [audio] enabled: sound on or off; also called `sound`.
  case enabled
  /// [audio] volume: 0-100 percent.
  case volume
  /// [audio] tones: classic or solfege.
  case tones
  /// [game] mode.
  case mode
  /// [game] difficulty.
  case difficulty
  /// [game] players: 1-5.
  case players
  /// [game] skill_target: 0, 8, 14, 20 or 31.
  case skillTarget = "skill_target"

  /// The section of the configuration file the key is in: "audio" or "game".
  public var section: String {
    switch self {
    case .enabled, .volume, .tones: "audio"
    case .mode, .difficulty, .players, .skillTarget: "game"
    }
  }

  /// The values it takes, for people: "true or false", "0 to 100", ...
  public var expected: String {
    switch self {
    case .enabled: "true or false (also on/off, yes/no)"
    case .volume: "a whole number from 0 to 100"
    case .tones: ToneSet.allCases.map(\.rawValue).joined(separator: " or ")
    case .mode: GameMode.allCases.map(\.rawValue).joined(separator: ", ")
    case .difficulty: Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
    case .players: "a whole number from 1 to 5"
    case .skillTarget: Settings.skillTargets.map(String.init).joined(separator: ", ")
    }
  }

  /// Reads a key people typed: the key name, `sound` for enabled, or the name with its
  /// section in front (`audio.volume`, `game.skill_target`). Nil for anything else.
  public init?(name: String) {
    if name == "sound" || name == "audio.sound" {
      self = .enabled
      return
    }
    for key in Self.allCases where name == key.rawValue || name == "\(key.section).\(key.rawValue)"
    {
      self = key
      return
    }
    return nil
  }

  /// The value of this setting in `settings`, as text `set` accepts.
  public func value(in settings: Settings) -> String {
    switch self {
    case .enabled: String(settings.soundOn)
    case .volume: String(settings.volume)
    case .tones: settings.toneSet.rawValue
    case .mode: settings.mode.rawValue
    case .difficulty: settings.difficulty.rawValue
    case .players: String(settings.players)
    case .skillTarget: String(settings.skillTarget)
    }
  }

  /// Stores the value people typed for this key.
  /// - Throws: `SettingsError.invalidValue` when the text is not of the key's kind.
  ///   Ranges are checked by `Settings.problems`, not here.
  public func set(_ text: String, in stored: inout StoredSettings) throws(SettingsError) {
    let invalid = SettingsError.invalidValue(key: self, value: text)
    switch self {
    case .enabled:
      switch text.lowercased() {
      case "true", "on", "yes", "1": stored.soundOn = true
      case "false", "off", "no", "0": stored.soundOn = false
      default: throw invalid
      }
    case .volume:
      guard let number = Int(text) else { throw invalid }
      stored.volume = number
    case .tones:
      guard let tones = ToneSet(rawValue: text.lowercased()) else { throw invalid }
      stored.toneSet = tones
    case .mode:
      guard let mode = GameMode(rawValue: text.lowercased()) else { throw invalid }
      stored.mode = mode
    case .difficulty:
      guard let difficulty = Difficulty(rawValue: text.lowercased()) else { throw invalid }
      stored.difficulty = difficulty
    case .players:
      guard let number = Int(text) else { throw invalid }
      stored.players = number
    case .skillTarget:
      guard let number = Int(text) else { throw invalid }
      stored.skillTarget = number
    }
  }
}
