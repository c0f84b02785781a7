import Logging
import SimonCabinetConfig
import SimonConfig
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonScores
import SimonStateFiles
import SimonSystemd
import Synchronization

/// What the daemon's services share: the runner, the journal, the state files, and the
/// configuration in force (which a reload replaces).
final class CabinetContext: Sendable {
  let options: DaemonOptions
  let runner: Runner
  let journal: Journal
  let archive: GameArchive
  let notifier: SystemdNotifier
  let logger: Logger
  private let currentConfig: Mutex<DaemonConfig>
  private let clock = MonotonicClock()

  init(
    options: DaemonOptions, config: DaemonConfig, runner: Runner,
    journal: Journal, archive: GameArchive, notifier: SystemdNotifier, logger: Logger
  ) {
    self.options = options
    currentConfig = Mutex(config)
    self.runner = runner
    self.journal = journal
    self.archive = archive
    self.notifier = notifier
    self.logger = logger
  }

  /// The configuration in force.
  var config: DaemonConfig { currentConfig.withLock { $0 } }

  /// Tells every watcher.
  func tell(_ happening: Happening) { journal.append(happening, at: clock.now) }

  /// Names one ranked game played without signing in: the one way games are named for
  /// the control socket's `name` request and for name entry with the pads. A registered
  /// player's name is spelled as registered; every watcher is told the scores changed.
  /// - Parameters:
  ///   - who: who named it, for the log.
  ///   - lockTimeout: how long to wait for another writer's lock on scores.json (by
  ///     default the store's).
  /// - Returns: the renamed record.
  /// - Throws: `PlayerError.invalidName`, `NamingError`, `StateError`; nothing changed.
  func nameGame(
    _ id: Int, as name: String, by who: String, lockTimeout: Duration? = nil
  ) throws -> GameRecord {
    let spelled = try archive.players.player(named: name)?.name ?? name
    let record = try archive.scores(waitingAtMost: lockTimeout ?? archive.scores.lockTimeout)
      .name(game: id, as: spelled)
    tell(.scoresChanged(.named))
    logger.info("\(who) named game \(id) \(PlayerName.quoted(spelled))")
    return record
  }

  /// Rereads the stored settings over the configuration's, hands them to the runner for
  /// the next game, and tells every watcher.
  /// - Returns: the settings in force.
  @discardableResult
  func refreshSettings() async -> SettingsInForce {
    let inForce = playableSettings()
    await runner.apply(inForce.values)
    tell(.settings(inForce))
    return inForce
  }

  /// The stored settings over the configuration's, but for one this cabinet cannot play
  /// (directional with the joystick unwired since, say): that one is logged and the
  /// configuration's applies.
  func playableSettings() -> SettingsInForce {
    let config = self.config
    var inForce = archive.settings(base: config.settings)
    if let problem = config.unplayable(inForce.values) {
      logger.error(
        "settings.json: \(problem.key.rawValue): \(problem.message); the configuration's \(problem.key.rawValue) applies"
      )
      inForce.values = inForce.values.replacing(problem.key, from: config.settings)
      inForce.changed.removeAll { $0 == problem.key }
    }
    return inForce
  }

  /// Rereads the configuration, the settings and the bests (SIGHUP, or a `reload`
  /// request); a bad configuration keeps the one in force. Wiring, debounce and sound
  /// device changes need a restart.
  /// - Throws: `ConfigError` when the file has problems (they were logged).
  @discardableResult
  func reload() async throws(ConfigError) -> SettingsInForce {
    let previous = config
    let config: DaemonConfig
    do {
      config = try ConfigLoader.load(path: options.configPath)
    } catch {
      error.log(to: logger)
      logger.error("reload: configuration has problems; keeping the one in force")
      throw error
    }
    if config.wiring != previous.wiring || config.audioDevice != previous.audioDevice
      || config.debounce != previous.debounce || config.debounceByInput != previous.debounceByInput
    {
      logger.warning("reload: wiring, debounce and sound device changes take effect on restart")
    }
    var kept = config
    kept.wiring = previous.wiring
    currentConfig.withLock { $0 = kept }
    var cabinet = previous.cabinet
    cabinet.attractAfter = config.attractAfter
    await runner.apply(cabinet)
    await runner.apply(bests: archive.allTimeBests())
    let inForce = await refreshSettings()
    logger.info("reloaded configuration and settings")
    return inForce
  }
}

extension Settings {
  /// These settings with one key's value taken from `other`.
  func replacing(_ key: SettingKey, from other: Settings) -> Settings {
    var copy = self
    key.write(key.read(other), into: &copy)
    return copy
  }
}
