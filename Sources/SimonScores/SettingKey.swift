import SimonGame

/// A setting `simonctl settings set` can change, named as in the [audio], [game] and
/// [haptics] sections of the configuration file (docs/design.md section 6).
///
/// Each key is declared once, in `declaration`: its section, its name there, and the
/// field of `Settings` it reads and writes. The state file, the control socket, the
/// tools and the reload follow from that table.
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
  /// [haptics] enabled: the vibration motor on or off.
  case haptics

  /// Where a key lives and what it holds: the one table of the settings.
  private var declaration: (section: String, name: String, field: SettingField) {
    switch self {
    case .enabled: ("audio", "enabled", .flag(\.soundOn))
    case .volume: ("audio", "volume", .number(\.volume, expected: "a whole number from 0 to 100"))
    case .tones: ("audio", "tones", .word(\.toneSet))
    case .mode: ("game", "mode", .word(\.mode))
    case .difficulty: ("game", "difficulty", .word(\.difficulty))
    case .players: ("game", "players", .number(\.players, expected: "a whole number from 1 to 5"))
    case .skillTarget:
      (
        "game", "skill_target",
        .number(
          \.skillTarget,
          expected: Settings.skillTargets.map(String.init).joined(separator: ", "))
      )
    case .haptics: ("haptics", "enabled", .flag(\.hapticsOn))
    }
  }

  /// The section of the configuration file the key is in: "audio", "game" or "haptics".
  public var section: String { declaration.section }

  /// The key's name within its section ("enabled" for both [audio] and [haptics]).
  public var name: String { declaration.name }

  /// The sections, in the order the files and tools list them.
  public static let sections = ["audio", "game", "haptics"]

  /// The kind of value the key takes.
  public var kind: SettingValue.Kind { declaration.field.kind }

  /// The values it takes, for people: "true or false", "0 to 100", ...
  public var expected: String {
    switch declaration.field.kind {
    case .flag: "true or false (also on/off, yes/no)"
    case .number(let expected): expected
    case .word(let choices): choices.joined(separator: ", ")
    }
  }

  /// Reads a key people typed: the key name, `sound` for enabled, or the name with its
  /// section in front (`audio.volume`, `game.skill_target`, `haptics.enabled`). Nil for
  /// anything else.
  public init?(name: String) {
    if name == "sound" || name == "audio.sound" {
      self = .enabled
      return
    }
    for key in Self.allCases
    where name == key.rawValue || name == "\(key.section).\(key.name)"
      || name == "\(key.section).\(key.rawValue)"
    {
      self = key
      return
    }
    return nil
  }

  /// The value of this setting in `settings`.
  public func read(_ settings: Settings) -> SettingValue { declaration.field.read(settings) }

  /// `settings` with this setting's value replaced; a value of another kind, or a word
  /// that is none of the key's, leaves them as they are.
  public func write(_ value: SettingValue, into settings: inout Settings) {
    declaration.field.write(&settings, value)
  }

  /// The value of this setting in `settings`, as text `set` accepts.
  public func value(in settings: Settings) -> String { read(settings).text }

  /// Reads the value people typed for this key.
  /// - Throws: `SettingsError.invalidValue` when the text is not of the key's kind.
  ///   Ranges are checked by `Settings.problems`, not here.
  public func parse(_ text: String) throws(SettingsError) -> SettingValue {
    guard let value = SettingValue(text, kind: kind) else {
      throw .invalidValue(key: self, value: text)
    }
    return value
  }

  /// Stores the value people typed for this key.
  /// - Throws: `SettingsError.invalidValue` when the text is not of the key's kind.
  public func set(_ text: String, in stored: inout StoredSettings) throws(SettingsError) {
    stored[self] = try parse(text)
  }
}

/// A setting's value, as the configuration file, settings.json and the control socket
/// write it.
public enum SettingValue: Equatable, Sendable {
  /// On or off.
  case flag(Bool)
  /// A whole number.
  case number(Int)
  /// One of a set of words (a mode, a difficulty, a tone set).
  case word(String)

  /// What a key takes.
  public enum Kind: Equatable, Sendable {
    /// true or false.
    case flag
    /// A whole number; the words say which, for people.
    case number(expected: String)
    /// One of these words.
    case word([String])
  }

  /// The value as text `simonctl settings set` accepts.
  public var text: String {
    switch self {
    case .flag(let on): String(on)
    case .number(let number): String(number)
    case .word(let word): word
    }
  }

  /// The value people typed, if it is of the kind: true/false also as on/off, yes/no,
  /// 1/0; words in any case.
  public init?(_ text: String, kind: Kind) {
    switch kind {
    case .flag:
      switch text.lowercased() {
      case "true", "on", "yes", "1": self = .flag(true)
      case "false", "off", "no", "0": self = .flag(false)
      default: return nil
      }
    case .number:
      guard let number = Int(text) else { return nil }
      self = .number(number)
    case .word(let choices):
      let word = text.lowercased()
      guard choices.contains(word) else { return nil }
      self = .word(word)
    }
  }
}

/// How a key reads and writes its field of `Settings` (made when asked, never kept).
struct SettingField {
  let kind: SettingValue.Kind
  let read: (Settings) -> SettingValue
  let write: (inout Settings, SettingValue) -> Void

  static func flag(_ path: WritableKeyPath<Settings, Bool>) -> SettingField {
    SettingField(
      kind: .flag, read: { .flag($0[keyPath: path]) },
      write: { settings, value in
        if case .flag(let on) = value { settings[keyPath: path] = on }
      })
  }

  static func number(
    _ path: WritableKeyPath<Settings, Int>, expected: String
  ) -> SettingField {
    SettingField(
      kind: .number(expected: expected), read: { .number($0[keyPath: path]) },
      write: { settings, value in
        if case .number(let number) = value { settings[keyPath: path] = number }
      })
  }

  static func word<Word: RawRepresentable & CaseIterable>(
    _ path: WritableKeyPath<Settings, Word>
  ) -> SettingField where Word.RawValue == String {
    SettingField(
      kind: .word(Word.allCases.map(\.rawValue)), read: { .word($0[keyPath: path].rawValue) },
      write: { settings, value in
        if case .word(let word) = value, let choice = Word(rawValue: word) {
          settings[keyPath: path] = choice
        }
      })
  }
}
