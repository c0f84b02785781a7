import FoundationEssentials
import SimonGame
import SimonScores

/// A line simond sends on the control socket (docs/design.md section 10): the hello, the snapshot,
/// an event, or the reply to a request. `t` is CLOCK_MONOTONIC in nanoseconds, taken
/// when it happened.
public enum ControlMessage: Equatable, Sendable {
  /// The first line: protocol version, cabinet and software.
  case hello(ControlHello)
  /// The second line: everything there is to know now.
  case snapshot(ControlSnapshot, t: Int64)
  /// A pad's lamp changed.
  case led(Pad, on: Bool, t: Int64)
  /// A tone started (its frequency) or stopped (nil).
  case tone(Double?, t: Int64)
  /// What the cabinet shows changed.
  case state(CabinetView, t: Int64)
  /// A game ended, with its record.
  case gameOver(ControlGameOver, t: Int64)
  /// The settings in force changed.
  case settings(ControlSettings, t: Int64)
  /// The scores changed other than by a game ending: "reset" or "named".
  case scoresChanged(String, t: Int64)
  /// Head-to-head news for the rival of a match, for the venue's bridge to carry.
  case match(MatchNews, t: Int64)
  /// A request was done; `result` holds what it answers with (may be empty).
  case ok(RequestID, ControlResult)
  /// A request (or an unreadable line, without id) was refused: the message says why for
  /// people, the reason for programs (nil from a simond before the reason was added).
  case error(String, id: RequestID?, reason: ControlRefusalReason?)

  /// The line, with its newline.
  public var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(Wire(self))) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Reads one line from simond (for clients).
  /// - Throws: `ControlRequestError` (without id) when the line is none of the messages.
  public init(line: String) throws(ControlRequestError) {
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: Data(line.utf8))
    } catch {
      throw ControlRequestError("unreadable line from simond: \(line.prefix(80))", id: nil)
    }
    guard let message = wire.message else {
      throw ControlRequestError("unknown message from simond: \(line.prefix(80))", id: nil)
    }
    self = message
  }
}

/// The hello: what a client needs to know before anything else.
public struct ControlHello: Codable, Equatable, Sendable {
  /// The protocol's version: 1. A client refuses a higher major version it does not know.
  public var protocolVersion: Int
  /// The cabinet's id.
  public var cabinet: String
  /// simond's version.
  public var version: String
  /// The state directory simond keeps its files in.
  public var stateDirectory: String
  /// The hardware backend: gpio, sim or mock.
  public var hardware: String

  /// A hello with every value given.
  public init(
    protocolVersion: Int, cabinet: String, version: String, stateDirectory: String,
    hardware: String
  ) {
    self.protocolVersion = protocolVersion
    self.cabinet = cabinet
    self.version = version
    self.stateDirectory = stateDirectory
    self.hardware = hardware
  }

  enum CodingKeys: String, CodingKey {
    case protocolVersion = "protocol"
    case cabinet, version, hardware
    case stateDirectory = "state_dir"
  }
}

/// Everything there is to know now: the lamps, the tone, the state, the settings.
public struct ControlSnapshot: Equatable, Sendable {
  /// Each pad's lamp.
  public var lit: [Pad: Bool]
  /// The tone sounding, if any.
  public var tone: Double?
  /// What the cabinet shows.
  public var state: CabinetView
  /// The settings in force.
  public var settings: ControlSettings

  /// A snapshot with every value given.
  public init(lit: [Pad: Bool], tone: Double?, state: CabinetView, settings: ControlSettings) {
    self.lit = lit
    self.tone = tone
    self.state = state
    self.settings = settings
  }

  /// A cabinet that shows `state` with every lamp off and no tone.
  public init(state: CabinetView, settings: ControlSettings) {
    self.init(
      lit: Dictionary(uniqueKeysWithValues: Pad.allCases.map { ($0, false) }), tone: nil,
      state: state, settings: settings)
  }
}

/// The settings in force and which were changed (the rest follow the configuration).
public struct ControlSettings: Codable, Equatable, Sendable {
  /// Every setting's value.
  public var values: Settings
  /// The keys changed at the cabinet or by a tool (`SettingKey` raw values).
  public var changed: [String]

  /// Settings with every value given.
  public init(values: Settings, changed: [String]) {
    self.values = values
    self.changed = changed
  }

  enum CodingKeys: String, CodingKey { case values, changed }

  /// A setting's name in `values`: its `SettingKey` raw value.
  private struct ValueKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ key: SettingKey) { stringValue = key.rawValue }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Reads `{"values": {...}, "changed": [...]}`, values by `SettingKey` raw value; a
  /// setting a daemon older than it does not send keeps its default.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let values = try container.nestedContainer(keyedBy: ValueKey.self, forKey: .values)
    var settings = Settings.defaults
    for key in SettingKey.allCases {
      let name = ValueKey(key)
      guard values.contains(name) else {
        guard key == .haptics else {
          throw DecodingError.keyNotFound(
            name, .init(codingPath: values.codingPath, debugDescription: "missing setting"))
        }
        continue
      }
      let value: SettingValue =
        switch key.kind {
        case .flag: .flag(try values.decode(Bool.self, forKey: name))
        case .number: .number(try values.decode(Int.self, forKey: name))
        case .word(let choices):
          .word(
            try Self.word(
              values.decode(String.self, forKey: name), of: choices, at: name, in: values))
        }
      key.write(value, into: &settings)
    }
    self.values = settings
    changed = try container.decode([String].self, forKey: .changed)
  }

  private static func word(
    _ word: String, of choices: [String], at key: ValueKey,
    in container: KeyedDecodingContainer<ValueKey>
  ) throws -> String {
    guard choices.contains(word) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "\"\(word)\" is not one of \(choices.joined(separator: ", "))")
    }
    return word
  }

  /// Writes the values by `SettingKey` raw value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var values = container.nestedContainer(keyedBy: ValueKey.self, forKey: .values)
    for key in SettingKey.allCases {
      switch key.read(self.values) {
      case .flag(let on): try values.encode(on, forKey: ValueKey(key))
      case .number(let number): try values.encode(number, forKey: ValueKey(key))
      case .word(let word): try values.encode(word, forKey: ValueKey(key))
      }
    }
    try container.encode(changed, forKey: .changed)
  }
}

/// A game over: the record as stored (nil when it could not be, for now), its place,
/// its table and whether it is a new best.
public struct ControlGameOver: Codable, Equatable, Sendable {
  /// The record as stored, with its number; nil when it could not be stored.
  public var record: GameRecord?
  /// The points, rounds and names, whether or not it was stored.
  public var points: Int
  /// Rounds repeated.
  public var rounds: Int
  /// The player, the team, or the winner.
  public var name: String
  /// How it ended: mistake, timeout, win, shutdown, quit.
  public var ending: GameEnding
  /// Its table.
  public var mode: GameMode
  /// Its table.
  public var difficulty: Difficulty
  /// Its 1-based place in the table's top ten, if it made it.
  public var rank: Int?
  /// Whether it beat the table's all-time best.
  public var newBest: Bool
  /// Its reaction times; nil when no press was timed.
  public var reaction: ControlReaction?
  /// The head-to-head match it was played in, with the outcome if known by then; nil for
  /// any other game. A match's game is kept in the match book (`matches.json`), in no
  /// table, and its game over carries no `record`.
  public var match: HeadToHeadRecord?
  /// The date of the day's challenge it was played for; nil for any other game. Such a game
  /// is kept in the daily book (`daily.json`), in no table: its game over carries no
  /// `record`, and `rank` is its place among the day's games.
  public var daily: String?

  /// A game over with every value given.
  public init(
    record: GameRecord?, result: GameResult, rank: Int?, newBest: Bool
  ) {
    self.record = record
    points = result.points
    rounds = result.rounds
    name = result.name
    ending = result.ending
    mode = result.mode
    difficulty = result.difficulty
    self.rank = rank
    self.newBest = newBest
    reaction = result.reaction.map { ControlReaction($0, byTurn: true) }
    match = result.headToHead
    daily = result.daily
  }

  enum CodingKeys: String, CodingKey {
    case record, points, rounds, name, ending, mode, difficulty, rank, reaction, match, daily
    case newBest = "new_best"
  }
}

/// What a request's `ok` reply carries besides its id.
public struct ControlResult: Codable, Equatable, Sendable {
  /// `status`: the snapshot.
  public var snapshot: ControlSnapshot?
  /// Sign-in, sign-out, team: who is seated and the team.
  public var players: [String]?
  /// `team`: the team's name.
  public var team: String?
  /// `set`, `reset`, `reload`: the settings in force afterwards.
  public var settings: ControlSettings?
  /// `name`, `name-latest`: the records renamed, newest first; `recent`: the latest
  /// games, oldest first.
  public var records: [GameRecord]?
  /// `tables`: every table that holds a game, in table order, each ranked.
  public var tables: [ControlTable]?
  /// `players`: every registered player, by name.
  public var registered: [ControlPlayerSummary]?
  /// `player`: one player's page.
  public var player: ControlPlayerPage?
  /// `match-challenge`: the match's id (its news comes as `match` events).
  public var match: String?
  /// `matches`: the latest match games, oldest first.
  public var matches: [MatchGame]?
  /// `daily`: the tables of the day's challenge asked for, newest date first.
  public var daily: [DailyBook.Day]?

  /// A result with the values given.
  public init(
    snapshot: ControlSnapshot? = nil, players: [String]? = nil, team: String? = nil,
    settings: ControlSettings? = nil, records: [GameRecord]? = nil,
    tables: [ControlTable]? = nil, registered: [ControlPlayerSummary]? = nil,
    player: ControlPlayerPage? = nil, match: String? = nil, matches: [MatchGame]? = nil,
    daily: [DailyBook.Day]? = nil
  ) {
    self.snapshot = snapshot
    self.players = players
    self.team = team
    self.settings = settings
    self.records = records
    self.tables = tables
    self.registered = registered
    self.player = player
    self.match = match
    self.matches = matches
    self.daily = daily
  }
}
