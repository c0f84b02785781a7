import FoundationEssentials
import Logging
import SimonGame
import SimonScores
import SimonStateFiles
import Synchronization

/// The daemon's side of the state directory: records games, keeps this power-on's
/// bests, reads and changes settings, names games, finds players. Faults in the game's
/// own path (recording, the menu's settings) are logged and never stop the game; the
/// changes a tool asks for throw, so the tool hears why.
final class GameArchive: Sendable {
  /// The state directory.
  let directory: String
  let scores: ScoreStore
  let settingsStore: SettingsStore
  let players: PlayerStore
  let matches: MatchStore
  let daily: DailyStore
  private let sessionBests = Mutex(SessionBests())
  private let logger: Logger
  private let report: @Sendable (StateProblem) -> Void

  init(directory: String, logger: Logger) {
    self.directory = directory
    self.logger = logger
    let report: @Sendable (StateProblem) -> Void = { problem in
      logger.error("\(problem)")
    }
    self.report = report
    scores = ScoreStore(directory: directory, onProblem: report)
    settingsStore = SettingsStore(directory: directory, onProblem: report)
    players = PlayerStore(directory: directory, onProblem: report)
    matches = MatchStore(directory: directory, onProblem: report)
    daily = DailyStore(directory: directory, onProblem: report)
  }

  /// Stores a finished game that ended at `endedAt`, waiting at most `lockTimeout` for
  /// another writer's lock.
  /// - Returns: the game as stored, with its number, place and whether it is a new best.
  /// - Throws: `StateError` when it could not be stored (it was not).
  func record(_ result: GameResult, endedAt: Date, lockTimeout: Duration) throws -> RecordedGame {
    let startedAt = endedAt.addingTimeInterval(-result.duration.seconds)
    if let match = result.headToHead {
      let game = try matches(waitingAtMost: lockTimeout)
        .record(result, match: match, startedAt: startedAt, endedAt: endedAt)
      logger.info(
        "game over in match \(match.match) against \(match.rival.player) at \(match.rival.cabinet): \(result.points) points, \(result.rounds) rounds, \(result.ending.rawValue), \(match.outcome?.rawValue ?? "outcome not known yet")"
      )
      return RecordedGame(
        result: result, record: game.record, rank: nil, newBest: false, endedAt: endedAt)
    }
    if let date = result.daily {
      let outcome = try DailyStore(
        directory: directory, lockTimeout: lockTimeout, onProblem: report
      )
      .record(result, startedAt: startedAt, endedAt: endedAt)
      let place = outcome.rank.map { ", #\($0) of the day" } ?? ""
      logger.info(
        "game over in the day's challenge of \(date): \(result.name), \(result.points) points, \(result.rounds) rounds, \(result.ending.rawValue)\(place)"
      )
      return RecordedGame(
        result: result, record: outcome.record, rank: outcome.rank, newBest: false,
        endedAt: endedAt)
    }
    let outcome = try scores(waitingAtMost: lockTimeout).record(
      result, startedAt: startedAt, endedAt: endedAt)
    let sessionBest = sessionBests.withLock { $0.note(result) }
    let place = outcome.rank.map { ", #\($0) in its table" } ?? ""
    let best =
      outcome.isNewAllTimeBest
      ? ", a new all-time best" : sessionBest ? ", the best since power-on" : ""
    logger.info(
      "game over: \(result.name), \(result.points) points, \(result.rounds) rounds, \(result.ending.rawValue)\(place)\(best)"
    )
    return RecordedGame(
      result: result, record: outcome.record, rank: outcome.rank,
      newBest: outcome.isNewAllTimeBest, endedAt: endedAt)
  }

  /// The match store, its changes waiting at most `lockTimeout` for another writer's lock.
  func matches(waitingAtMost lockTimeout: Duration) -> MatchStore {
    MatchStore(directory: directory, lockTimeout: lockTimeout, onProblem: report)
  }

  /// The latest match games recorded without their outcome, with this cabinet's final
  /// side, for the game to decide once the rival's side comes (none when matches.json
  /// cannot be read: logged).
  func undecidedMatches() -> [(HeadToHeadRecord, HeadToHead.Side)] {
    do {
      return try matches.load().games.filter { $0.match.outcome == nil }.map { game in
        let result = game.record.result
        return (
          game.match,
          HeadToHead.Side(rounds: result.rounds, points: result.points, outAfter: result.duration)
        )
      }
    } catch {
      logger.error("could not read the match games: \(error)")
      return []
    }
  }

  /// The score store, its changes waiting at most `lockTimeout` for another writer's lock.
  func scores(waitingAtMost lockTimeout: Duration) -> ScoreStore {
    lockTimeout == scores.lockTimeout
      ? scores : ScoreStore(directory: directory, lockTimeout: lockTimeout, onProblem: report)
  }

  /// Throws when a state file was written by a newer version of the programs (after a
  /// downgrade): the daemon then stops at start and leaves the file as it is, rather than
  /// play games it could not store. Every other fault is left to the game's own path.
  /// - Throws: `StateError` of kind `.newerVersion`.
  func refuseNewerFiles() throws {
    let reads: [() throws -> Void] = [
      { _ = try self.scores.load() }, { _ = try self.settingsStore.load() },
      { _ = try self.players.list() }, { _ = try self.matches.load() },
      { _ = try self.daily.load() },
    ]
    for read in reads {
      do {
        try read()
      } catch let error as StateError where error.kind == .newerVersion {
        throw error
      } catch {
        continue
      }
    }
  }

  // MARK: Settings

  /// The stored settings over `base`; `base` alone when they cannot be read.
  func settings(base: Settings) -> SettingsInForce {
    do {
      let stored = try settingsStore.load()
      return SettingsInForce(values: stored.applied(to: base), changed: stored.storedKeys)
    } catch {
      logger.error("could not read the settings, using the configuration's: \(error)")
      return SettingsInForce(values: base, changed: [])
    }
  }

  /// Stores what the cabinet's menu chose: only what differs from `previous`.
  func saveChosen(_ chosen: Settings, previous: Settings) {
    do {
      let keys = try settingsStore.record(chosen, over: previous)
      let list = keys.map { "\($0.rawValue) = \($0.value(in: chosen))" }.joined(separator: ", ")
      logger.info("settings changed at the cabinet: \(list)")
    } catch {
      logger.error("could not save the settings chosen at the cabinet: \(error)")
    }
  }

  /// Prunes a settings file written whole by a build before 0.1.0 (format 1; logged).
  func migrateSettings(base: Settings) {
    do {
      let dropped = try settingsStore.migrate(base: base)
      if !dropped.isEmpty {
        let names = dropped.map(\.rawValue).joined(separator: ", ")
        logger.notice(
          "settings.json: \(names) equal the configuration and follow it again (the file was written whole by a build before 0.1.0)"
        )
      }
    } catch {
      logger.error("could not update settings.json: \(error)")
    }
  }

  // MARK: Players and scores

  /// The registered player whose pad code this is, or nil (logged).
  func player(withCode pads: [Pad]) -> String? {
    guard let code = PadCode(pads) else { return nil }
    do {
      let player = try players.player(withCode: code)
      logger.info(
        player.map { "signed in at the cabinet: \($0.name)" } ?? "unknown pad code entered")
      return player?.name
    } catch {
      logger.error("could not read the players: \(error)")
      return nil
    }
  }

  /// Every table's all-time best; none when the scores cannot be read.
  func allTimeBests() -> [TableKey: Standing] {
    do {
      return try scores.allTimeBests()
    } catch {
      logger.error("could not read the scores: \(error)")
      return [:]
    }
  }
}
