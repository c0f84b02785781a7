import FoundationEssentials
import Logging
import SimonGame
import SimonScores
import Synchronization

/// The daemon's side of the state directory: records games, keeps this power-on's
/// bests, reads and saves settings. Faults are logged and never stop the game.
final class GameArchive: Sendable {
  private let scores: ScoreStore
  private let settingsStore: SettingsStore
  private let players: PlayerStore
  private let sessionBests = Mutex(SessionBests())
  private let logger: Logger

  init(directory: String, logger: Logger) {
    self.logger = logger
    let report: @Sendable (StateProblem) -> Void = { problem in
      logger.error("\(problem)")
    }
    scores = ScoreStore(directory: directory, onProblem: report)
    settingsStore = SettingsStore(directory: directory, onProblem: report)
    players = PlayerStore(directory: directory, onProblem: report)
  }

  /// Stores a finished game, ended now; returns its record as JSON for the socket.
  func record(_ result: GameResult, newBest: Bool) -> String? {
    let endedAt = Date()
    let startedAt = endedAt.addingTimeInterval(-result.duration.seconds)
    do {
      let outcome = try scores.record(result, startedAt: startedAt, endedAt: endedAt)
      let place = outcome.rank.map { ", #\($0) in its table" } ?? ""
      let sessionBest = sessionBests.withLock { $0.note(result) }
      logger.info(
        "game over: \(result.name), \(result.points) points, \(result.rounds) rounds, \(result.ending.rawValue)\(place)\(outcome.isNewAllTimeBest ? ", a new all-time best" : sessionBest ? ", the best since power-on" : "")"
      )
      return outcome.record.json
    } catch {
      logger.error("could not record the game (\(result.points) points): \(error)")
      return nil
    }
  }

  /// The stored settings over `base`; `base` alone when they cannot be read.
  func settings(base: Settings) -> Settings {
    do {
      return try settingsStore.settings(base: base)
    } catch {
      logger.error("could not read the settings, using the configuration's: \(error)")
      return base
    }
  }

  /// Persists settings changed at the cabinet.
  func save(_ settings: Settings) {
    do {
      try settingsStore.save(settings)
      logger.info("settings changed at the cabinet: saved")
    } catch {
      logger.error("could not save the settings: \(error)")
    }
  }

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

  /// Every table's all-time best points; none when the scores cannot be read.
  func allTimeBests() -> [TableKey: Int] {
    do {
      return try scores.allTimeBests()
    } catch {
      logger.error("could not read the scores: \(error)")
      return [:]
    }
  }
}
