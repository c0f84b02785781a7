import SimonGame
import SimonStateFiles

/// The settings changed at the cabinet or with `simonctl`, in `settings.json` in the
/// state directory; they persist across restarts.
///
/// Changes are locked read-modify-writes, written atomically; a change that would break
/// `Settings.problems` is refused and leaves the file as it was.
public final class SettingsStore: Sendable {
  /// The settings file.
  public var path: String { file.path }
  private let file: StateFile<StoredSettings>

  /// A store on `directory`; nothing is read or created until it is used.
  /// - Parameters:
  ///   - lockTimeout: how long a change waits for another process's lock.
  ///   - onProblem: told when the file was unusable and set aside (log it).
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The stored changes (none when the file is missing or was set aside).
  public func load() throws -> StoredSettings { try file.read() }

  /// The settings in force: the stored changes over `base`.
  public func settings(base: Settings) throws -> Settings { try load().applied(to: base) }

  /// Stores what the cabinet's menu chose: only the settings that differ from those in
  /// force before (`previous`); the others keep following the configuration.
  /// - Returns: the keys stored.
  /// - Throws: `SettingsError.problems` when `chosen` breaks a rule; `StateError`.
  @discardableResult
  public func record(_ chosen: Settings, over previous: Settings) throws -> [SettingKey] {
    if !chosen.problems.isEmpty { throw SettingsError.problems(chosen.problems) }
    let keys = SettingKey.allCases.filter { $0.value(in: chosen) != $0.value(in: previous) }
    guard !keys.isEmpty else { return [] }
    try file.update { stored in
      for key in keys { try key.set(key.value(in: chosen), in: &stored) }
    }
    return keys
  }

  /// Forgets the stored value of one setting: it follows the configuration again.
  /// - Returns: whether it had been stored.
  @discardableResult
  public func reset(_ key: SettingKey) throws -> Bool {
    try file.update { stored in
      let had = stored.storedKeys.contains(key)
      stored.remove(key)
      return had
    }
  }

  /// Rewrites a file written whole by the cabinet menu of builds before 0.1.0 (all seven settings
  /// stored, version 1) so that the settings equal to `base` follow the configuration
  /// again; a file of this version, or one with fewer keys, is left as it is.
  /// - Returns: the keys no longer stored.
  @discardableResult
  public func migrate(base: Settings) throws -> [SettingKey] {
    guard try load().isWholeLegacyFile else { return [] }
    return try file.update { stored in
      guard stored.isWholeLegacyFile else { return [] }
      let equal = SettingKey.allCases.filter {
        stored.storedKeys.contains($0)
          && $0.value(in: stored.applied(to: base)) == $0.value(in: base)
      }
      for key in equal { stored.remove(key) }
      stored.isWholeLegacyFile = false
      return equal
    }
  }

  /// Changes one setting from text people typed.
  /// - Parameters:
  ///   - key: the setting.
  ///   - text: its new value.
  ///   - base: the settings the stored changes apply to, to check the result.
  ///   - playable: what this cabinet cannot play (directional without a joystick), as
  ///     problems that start with the setting's name; only this key's are refused.
  /// - Returns: the settings in force afterwards.
  /// - Throws: `SettingsError` (a value of the wrong kind, one out of range, one the
  ///   cabinet cannot play), `StateError`.
  @discardableResult
  public func set(
    _ key: SettingKey, to text: String, base: Settings,
    playable: (Settings) -> [String] = { _ in [] }
  ) throws -> Settings {
    // A value that is no value of the key is refused before the state directory is
    // touched: nothing is created for a typo.
    var probe = StoredSettings()
    try key.set(text, in: &probe)
    return try file.update { stored in
      var changed = stored
      try key.set(text, in: &changed)
      let settings = changed.applied(to: base)
      let problems = (settings.problems + playable(settings)).filter {
        $0.hasPrefix(key.rawValue + ":")
      }
      if !problems.isEmpty { throw SettingsError.problems(problems) }
      stored = changed
      return settings
    }
  }

  /// Forgets every stored change: the base settings apply again.
  public func reset() throws { try file.replace(with: StoredSettings()) }
}
