import SimonGame

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

  /// Stores every value of `settings` (what the cabinet's menu chose).
  /// - Throws: `SettingsError.problems` when `settings` breaks a rule; `StateError`.
  public func save(_ settings: Settings) throws {
    if !settings.problems.isEmpty { throw SettingsError.problems(settings.problems) }
    try file.update { $0 = StoredSettings(settings) }
  }

  /// Changes one setting from text people typed.
  /// - Parameters:
  ///   - key: the setting.
  ///   - text: its new value.
  ///   - base: the settings the stored changes apply to, to check the result.
  /// - Returns: the settings in force afterwards.
  /// - Throws: `SettingsError` (a value of the wrong kind, or one out of range), `StateError`.
  @discardableResult
  public func set(_ key: SettingKey, to text: String, base: Settings) throws -> Settings {
    try file.update { stored in
      var changed = stored
      try key.set(text, in: &changed)
      let settings = changed.applied(to: base)
      let problems = settings.problems.filter { $0.hasPrefix(key.rawValue + ":") }
      if !problems.isEmpty { throw SettingsError.problems(problems) }
      stored = changed
      return settings
    }
  }

  /// Forgets every stored change: the base settings apply again.
  public func reset() throws { try file.replace(with: StoredSettings()) }
}
