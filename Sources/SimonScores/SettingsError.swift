/// Why a settings change was refused; nothing was changed when it is thrown.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No such setting (the name given).
  case unknownKey(String)
  /// The text is not a value of the setting's kind.
  case invalidValue(key: SettingKey, value: String)
  /// The settings would break rules: `Settings.problems`, one sentence each.
  case problems([String])

  /// The refusal as one line for people.
  public var description: String {
    switch self {
    case .unknownKey(let name):
      "no setting named \(PlayerName.quoted(name)); the settings are "
        + SettingKey.allCases.map(\.rawValue).joined(separator: ", ")
    case .invalidValue(let key, let value):
      "\(key.rawValue): \(PlayerName.quoted(value)) is not \(key.expected)"
    case .problems(let problems):
      problems.joined(separator: "; ")
    }
  }
}
