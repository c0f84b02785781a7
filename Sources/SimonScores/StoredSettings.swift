import SimonGame
import SimonJSON
import SimonStateFiles

/// The settings changed at the cabinet or with `simonctl`, as `settings.json` holds them.
///
/// Only changed settings are stored; the others come from the base the daemon uses (the
/// configuration file's [audio] and [game] values, else `Settings.defaults`), so a
/// setting never changed follows the configuration.
public struct StoredSettings: Equatable, Sendable {
  /// The changed settings' values.
  private var values: [SettingKey: SettingValue] = [:]

  /// A version 1 file holding all seven settings: what the cabinet menu of builds before 0.1.0
  /// wrote whatever it changed (`SettingsStore.migrate` prunes it).
  var isWholeLegacyFile = false

  /// Nothing changed.
  public init() {}

  /// A setting's stored value; nil when it follows the base.
  public subscript(key: SettingKey) -> SettingValue? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// Forgets one setting's stored value.
  public mutating func remove(_ key: SettingKey) { values[key] = nil }

  /// The settings in force: these stored ones over `base`.
  public func applied(to base: Settings) -> Settings {
    var settings = base
    for key in SettingKey.allCases {
      if let value = values[key] { key.write(value, into: &settings) }
    }
    return settings
  }

  /// The keys that are stored, in `SettingKey.allCases` order.
  public var storedKeys: [SettingKey] { SettingKey.allCases.filter { values[$0] != nil } }
}

extension StoredSettings: StateDocument {
  package static var fileName: String { "settings.json" }
  /// 2: only changed settings are stored (1 was written whole by the cabinet's menu).
  package static var version: Int { 2 }
  package static var permissions: UInt32 { 0o660 }
  package static var empty: StoredSettings { StoredSettings() }

  package var contentProblems: [String] { applied(to: .defaults).problems }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> StoredSettings {
    let reader = JSONReader(json)
    var stored = StoredSettings()
    for section in SettingKey.sections {
      guard let members = try reader.optionalMember(section) else { continue }
      try members.fields { (members) throws(JSONShapeError) in
        for key in SettingKey.allCases where key.section == section {
          guard let member = try members.optionalMember(key.name) else { continue }
          stored[key] = try member.setting(of: key.kind)
        }
      }
    }
    let version = try reader.member("version").int()
    // A version 1 file never held [haptics]: "whole" is its seven.
    stored.isWholeLegacyFile =
      version == 1 && stored.storedKeys == SettingKey.allCases.filter { $0 != .haptics }
    return stored
  }

  /// `{"version": 2, "audio": {...}, "game": {...}, "haptics": {...}}` with only the
  /// stored keys, in the configuration file's sections and names.
  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 512)
    writer.beginStateFile(version: Self.version)
    for (index, section) in SettingKey.sections.enumerated() {
      if index > 0 {
        writer.raw(",")
        writer.newline(indent: 1)
      }
      writer.string(section)
      writer.raw(": ")
      let stored = SettingKey.allCases.compactMap { key in
        key.section == section ? values[key].map { (key, $0) } : nil
      }
      guard !stored.isEmpty else {
        writer.raw("{}")
        continue
      }
      for (position, (key, value)) in stored.enumerated() {
        writer.raw(position == 0 ? "{" : ",")
        writer.newline(indent: 2)
        writer.string(key.name)
        writer.raw(": ")
        switch value {
        case .flag(let on): writer.bool(on)
        case .number(let number): writer.integer(number)
        case .word(let word): writer.string(word)
        }
      }
      writer.newline(indent: 1)
      writer.raw("}")
    }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}

extension JSONReader {
  /// A setting's value of `kind`: true or false, a whole number, or one of the words.
  func setting(of kind: SettingValue.Kind) throws(JSONShapeError) -> SettingValue {
    switch kind {
    case .flag:
      guard case .bool(let on) = value else { throw fail("expected true or false") }
      return .flag(on)
    case .number:
      return .number(try int())
    case .word(let choices):
      let word = try string()
      guard choices.contains(word) else {
        throw fail("\"\(word)\" is not one of " + choices.joined(separator: ", "))
      }
      return .word(word)
    }
  }
}
