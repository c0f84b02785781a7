import FoundationEssentials
import SimonGame
import SimonJSON
import SimonStateFiles

/// One finished game as the score file keeps it: the game's result plus when it was
/// played by the wall clock (docs/design.md section 4), and a number that orders records.
///
/// Times and the duration are kept to the millisecond; finer parts are rounded away when
/// the record is made, so a record reads back from the file exactly as it was written.
public struct GameRecord: Codable, Equatable, Sendable {
  /// The record's number: 1 for the first game recorded in this file, increasing by one
  /// with every game. A lower number means recorded earlier, whatever the wall clock
  /// said (a Raspberry Pi has no clock of its own until the network sets it).
  public var id: Int
  /// What the game earned, who played it, how it ended.
  public var result: GameResult
  /// The wall-clock time the game started (the start of the countdown).
  public var startedAt: Date
  /// The wall-clock time the game ended.
  public var endedAt: Date

  /// A record with every value given; times and duration are rounded to milliseconds.
  public init(id: Int, result: GameResult, startedAt: Date, endedAt: Date) {
    self.id = id
    var result = result
    result.duration = .milliseconds(Self.milliseconds(result.duration))
    result.reactions = result.reactions.map {
      $0.map { .milliseconds(min(Self.milliseconds($0), Bounds.reactionMilliseconds.upperBound)) }
    }
    self.result = result
    self.startedAt = Timestamps.date(epochMilliseconds: Timestamps.epochMilliseconds(startedAt))
    self.endedAt = Timestamps.date(epochMilliseconds: Timestamps.epochMilliseconds(endedAt))
  }

  /// How long the game lasted, from the game's own monotonic clock.
  public var duration: Duration { result.duration }

  /// The bounds of a record's numbers in the score file: far beyond any real game, and
  /// small enough that no arithmetic on them overflows. A file with a number outside
  /// them is set aside as corrupt.
  public enum Bounds {
    /// Record numbers: 1 to 2^53 - 1, the largest whole number every JSON reader keeps.
    public static let id = 1...(1 << 53 - 1)
    /// Points of one game.
    public static let points = 0...1_000_000_000
    /// Rounds of one game.
    public static let rounds = 0...1_000_000
    /// Levels of one levels game.
    public static let level = 1...1_000_000
    /// A game's length in milliseconds: up to about 3 000 years.
    public static let durationMilliseconds = 0...100_000_000_000_000
    /// One press's reaction time in milliseconds: up to an hour (the time to answer is
    /// seconds).
    public static let reactionMilliseconds = 0...3_600_000
  }

  /// The high-score table the game belongs to.
  public var table: TableKey { TableKey(mode: result.mode, difficulty: result.difficulty) }

  /// True when this record ranks above `other` in a high-score table: by `Ranking`,
  /// and between equals the one recorded earlier.
  public func ranks(above other: GameRecord) -> Bool {
    if Ranking.ranks(result.standing, above: other.result.standing) { return true }
    if Ranking.ranks(other.result.standing, above: result.standing) { return false }
    return id < other.id
  }

  // MARK: - Codable: the score file's object, through its one codec

  /// Reads the object `write(to:)` writes, with the score file's checks (`init(json:)`).
  /// - Throws: `DecodingError.dataCorrupted` naming the member and what is wrong with it.
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    do {
      try self.init(json: JSONReader(value))
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  /// Writes the object `write(to:)` writes: id, points, rounds, mode, difficulty, name,
  /// members, ending, level (levels mode only), started and ended (UTC ISO 8601),
  /// duration_ms, reactions_ms (one list per answer window; left out without a press).
  public func encode(to encoder: any Encoder) throws {
    var sink = EncoderRecordSink(container: encoder.container(keyedBy: JSONKey.self))
    try members(to: &sink)
  }

  /// The record as one line of JSON, as the score file holds it: `{"id": 1, "points": 10, ..., "duration_ms": 4321}`.
  public var json: String {
    var writer = JSONWriter(capacity: 320)
    write(to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  // MARK: - The score file's fast path: the same object, on one line

  /// Reads the object `write(to:)` writes: the one reader of a record, whatever carries it.
  package init(json: JSONReader) throws(JSONShapeError) {
    func time(_ key: String) throws(JSONShapeError) -> Date {
      let member = try json.member(key)
      guard let milliseconds = Timestamps.parseUTCMilliseconds(try member.string()) else {
        throw member.fail("not a UTC time like 2026-11-21T19:37:05.123Z")
      }
      return Timestamps.date(epochMilliseconds: milliseconds)
    }
    let members = try json.member("members").map { (member) throws(JSONShapeError) in
      try member.string()
    }
    let reactions =
      try json.optionalMember("reactions_ms")?.map { (window) throws(JSONShapeError) in
        try window.map { (press) throws(JSONShapeError) -> Duration in
          .milliseconds(try press.int(in: Bounds.reactionMilliseconds))
        }
      } ?? []
    self.init(
      id: try json.member("id").int(in: Bounds.id),
      result: GameResult(
        points: try json.member("points").int(in: Bounds.points),
        rounds: try json.member("rounds").int(in: Bounds.rounds),
        mode: try json.member("mode").choice(GameMode.self),
        difficulty: try json.member("difficulty").choice(Difficulty.self),
        name: try json.member("name").string(),
        members: members,
        ending: try json.member("ending").choice(GameEnding.self),
        duration: .milliseconds(
          try json.member("duration_ms").int(in: Bounds.durationMilliseconds)),
        level: try json.optionalMember("level")?.int(in: Bounds.level), reactions: reactions),
      startedAt: try time("started"), endedAt: try time("ended"))
  }

  /// Appends the record as one object on one line, as the score file holds it.
  package func write(to writer: inout JSONWriter) {
    writer.raw("{")
    members(to: &writer)
    writer.raw("}")
  }

  /// Gives the record's members to `sink` in the file's order: the one writer of a record,
  /// whatever carries it (the score file's writer, an `Encoder`).
  private func members<Sink: GameRecordSink & ~Copyable>(to sink: inout Sink) throws(Sink.Failure) {
    try sink.member("id", id)
    try sink.member("points", result.points)
    try sink.member("rounds", result.rounds)
    try sink.member("mode", result.mode.rawValue)
    try sink.member("difficulty", result.difficulty.rawValue)
    try sink.member("name", result.name)
    try sink.member("members", result.members)
    try sink.member("ending", result.ending.rawValue)
    if let level = result.level { try sink.member("level", level) }
    try sink.member("started", utcMilliseconds: Timestamps.epochMilliseconds(startedAt))
    try sink.member("ended", utcMilliseconds: Timestamps.epochMilliseconds(endedAt))
    try sink.member("duration_ms", Self.milliseconds(result.duration))
    if !result.reactions.isEmpty {
      try sink.member("reactions_ms", result.reactions.map { $0.map(Self.milliseconds) })
    }
  }

  /// Whole milliseconds, clamped to 0 through about 3 000 years so they never overflow.
  /// (Duration's components share its sign: -2 ms is 0 s and -2e15 attoseconds.)
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    if seconds < 0 || attoseconds < 0 { return 0 }
    if seconds > 100_000_000_000 { return 100_000_000_000_000 }
    return Int(seconds) * 1000 + Int((Double(attoseconds) / 1e15).rounded())
  }
}
