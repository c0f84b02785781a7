import FoundationEssentials
import SimonGame
import SimonHardware
import SimonScores

/// Something that happened in the daemon, as the journal carries it to every watcher
/// (the control socket, the simulated cabinet's socket, systemd, the log), in the order
/// it happened. It tells; it asks nothing of anyone: what the game asks of the state
/// files goes to the archivist (`ArchiveRequest`).
public enum Happening: Equatable, Sendable {
  /// A pad's lamp was driven on or off.
  case light(Pad, on: Bool)
  /// A tone started (its frequency), or the tone stopped (nil).
  case tone(Double?)
  /// The vibration motor was turned on or off (told whether or not one is wired: the
  /// simulated cabinet shows it).
  case haptic(on: Bool)
  /// The compact state changed: phase, round, points (the simulated cabinet's `state`).
  case status(Status)
  /// What the cabinet shows changed: the rich state of the control socket.
  case view(CabinetView)
  /// A game ended (the archivist stores it). `newBest` as the game celebrated it.
  case gameEnded(GameResult, newBest: Bool)
  /// A finished game was stored (or could not be): what the game-over lines carry.
  case recorded(RecordedGame)
  /// The settings in force changed (at the cabinet, by a tool, by a reload).
  case settings(SettingsInForce)
  /// The scores changed other than by a game ending: reset, or a game named.
  case scoresChanged(ScoresChange)
  /// An input has been held too long and is ignored until released.
  case stuck(Input)
  /// A stuck input came up and counts again.
  case unstuck(Input)
  /// Driving a lamp failed (once per pad until it works again).
  case lightFault(Pad, HardwareError)
  /// Driving the vibration motor failed (once until it works again).
  case motorFault(HardwareError)
  /// News of a head-to-head match for its rival: the venue's bridge carries it.
  case match(MatchNews)
}

/// A finished game as the archivist left it.
public struct RecordedGame: Equatable, Sendable {
  /// The game as it ended.
  public var result: GameResult
  /// The record as stored, with its number; nil when it could not be stored.
  public var record: GameRecord?
  /// Its place in its table, when it made the top ten.
  public var rank: Int?
  /// Whether it is a new all-time best of its table.
  public var newBest: Bool
  /// When it ended, by the wall clock.
  public var endedAt: Date

  /// A recorded game with every value given.
  public init(
    result: GameResult, record: GameRecord?, rank: Int?, newBest: Bool, endedAt: Date
  ) {
    self.result = result
    self.record = record
    self.rank = rank
    self.newBest = newBest
    self.endedAt = endedAt
  }

  /// The record as stored or, while it is not, as it will be, with number 0.
  public var recordOrProvisional: GameRecord {
    record
      ?? GameRecord(
        id: 0, result: result,
        startedAt: endedAt.addingTimeInterval(-result.duration.seconds), endedAt: endedAt)
  }
}

/// The settings in force and which of them were changed (the rest follow the
/// configuration).
public struct SettingsInForce: Equatable, Sendable {
  /// Every setting's value now.
  public var values: Settings
  /// The settings changed at the cabinet or by a tool, in `SettingKey.allCases` order.
  public var changed: [SettingKey]

  /// Settings in force with every value given.
  public init(values: Settings, changed: [SettingKey]) {
    self.values = values
    self.changed = changed
  }
}

/// How the scores changed outside a game's end.
public enum ScoresChange: String, Equatable, Sendable {
  /// Every score and recent game was deleted.
  case reset
  /// A game was given a name.
  case named
  /// A game that could not be stored when it ended has been stored since.
  case recorded
  /// A match game's record was given its outcome, decided after the game (matches.json).
  case matches
}
