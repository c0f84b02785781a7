import SimonGame

/// The settings changed at the cabinet or with `simonctl`, as `settings.json` holds them.
///
/// Only changed settings are stored; the others come from the base the daemon uses (the
/// configuration file's [audio] and [game] values, else `Settings.defaults`), so a
/// setting never changed follows the configuration.
public struct StoredSettings: Equatable, Sendable {
  /// [audio] enabled, if changed.
  public var soundOn: Bool?
  /// [audio] volume, if changed.
  public var volume: Int?
  /// [audio] tones, if changed.
  public var toneSet: ToneSet?
  /// [game] mode, if changed.
  public var mode: GameMode?
  /// [game] difficulty, if changed.
  public var difficulty: Difficulty?
  /// [game] players, if changed.
  public var players: Int?
  /// [game] skill_target, if changed.
  public var skillTarget: Int?

  /// A version 1 file holding all seven settings: what version 0.1.0's cabinet menu
  /// wrote whatever it changed (`SettingsStore.migrate` prunes it).
  var isWholeLegacyFile = false

  /// Nothing changed.
  public init() {}

  /// Forgets one setting's stored value.
  public mutating func remove(_ key: SettingKey) {
    switch key {
    case .enabled: soundOn = nil
    case .volume: volume = nil
    case .tones: toneSet = nil
    case .mode: mode = nil
    case .difficulty: difficulty = nil
    case .players: players = nil
    case .skillTarget: skillTarget = nil
    }
  }

  /// The settings in force: these stored ones over `base`.
  public func applied(to base: Settings) -> Settings {
    var settings = base
    if let soundOn { settings.soundOn = soundOn }
    if let volume { settings.volume = volume }
    if let toneSet { settings.toneSet = toneSet }
    if let mode { settings.mode = mode }
    if let difficulty { settings.difficulty = difficulty }
    if let players { settings.players = players }
    if let skillTarget { settings.skillTarget = skillTarget }
    return settings
  }

  /// The keys that are stored, in `SettingKey.allCases` order.
  public var storedKeys: [SettingKey] {
    SettingKey.allCases.filter { key in
      switch key {
      case .enabled: soundOn != nil
      case .volume: volume != nil
      case .tones: toneSet != nil
      case .mode: mode != nil
      case .difficulty: difficulty != nil
      case .players: players != nil
      case .skillTarget: skillTarget != nil
      }
    }
  }
}

extension StoredSettings: StateDocument {
  static var fileName: String { "settings.json" }
  /// 2: only changed settings are stored (1 was written whole by the cabinet's menu).
  static var version: Int { 2 }
  static var permissions: UInt32 { 0o660 }
  static var empty: StoredSettings { StoredSettings() }

  var contentProblems: [String] { applied(to: .defaults).problems }

  static func decode(_ json: JSONValue) throws(JSONShapeError) -> StoredSettings {
    let reader = JSONReader(json)
    var stored = StoredSettings()
    if let audio = try reader.optionalMember("audio") {
      try audio.fields { (audio) throws(JSONShapeError) in
        if let enabled = try audio.optionalMember("enabled") {
          guard case .bool(let value) = enabled.value else {
            throw enabled.fail("expected true or false")
          }
          stored.soundOn = value
        }
        stored.volume = try audio.optionalMember("volume")?.int()
        stored.toneSet = try audio.optionalMember("tones")?.choice(ToneSet.self)
      }
    }
    if let game = try reader.optionalMember("game") {
      try game.fields { (game) throws(JSONShapeError) in
        stored.mode = try game.optionalMember("mode")?.choice(GameMode.self)
        stored.difficulty = try game.optionalMember("difficulty")?.choice(Difficulty.self)
        stored.players = try game.optionalMember("players")?.int()
        stored.skillTarget = try game.optionalMember("skill_target")?.int()
      }
    }
    let version = try reader.member("version").int()
    stored.isWholeLegacyFile = version == 1 && stored.storedKeys.count == SettingKey.allCases.count
    return stored
  }

  /// `{"version": 1, "audio": {...}, "game": {...}}` with only the stored keys, in the
  /// configuration file's sections and names.
  func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 512)
    writer.beginStateFile(version: Self.version)
    writer.key("audio")
    var first = true
    func separate(_ writer: inout JSONWriter) {
      writer.raw(first ? "{" : ",")
      first = false
      writer.newline(indent: 2)
    }
    if let soundOn {
      separate(&writer)
      writer.key("enabled")
      writer.bool(soundOn)
    }
    if let volume {
      separate(&writer)
      writer.key("volume")
      writer.integer(volume)
    }
    if let toneSet {
      separate(&writer)
      writer.key("tones")
      writer.string(toneSet.rawValue)
    }
    if first {
      writer.raw("{}")
    } else {
      writer.newline(indent: 1)
      writer.raw("}")
    }
    writer.raw(",")
    writer.newline(indent: 1)
    writer.key("game")
    first = true
    if let mode {
      separate(&writer)
      writer.key("mode")
      writer.string(mode.rawValue)
    }
    if let difficulty {
      separate(&writer)
      writer.key("difficulty")
      writer.string(difficulty.rawValue)
    }
    if let players {
      separate(&writer)
      writer.key("players")
      writer.integer(players)
    }
    if let skillTarget {
      separate(&writer)
      writer.key("skill_target")
      writer.integer(skillTarget)
    }
    if first {
      writer.raw("{}")
    } else {
      writer.newline(indent: 1)
      writer.raw("}")
    }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
