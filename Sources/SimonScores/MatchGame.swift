import FoundationEssentials
import SimonGame
import SimonJSON

/// A head-to-head match's game as one cabinet played it: the game's record (numbered in
/// that cabinet's match book) and the match, with its outcome once known.
public struct MatchGame: Codable, Equatable, Sendable {
  /// The game, numbered in the match book; its mode is the one it was played in.
  public var record: GameRecord
  /// The match: its id, the rival and the outcome (nil until known).
  public var match: HeadToHeadRecord

  /// A match game with every value given.
  public init(record: GameRecord, match: HeadToHeadRecord) {
    self.record = record
    self.match = match
  }

  enum CodingKeys: String, CodingKey { case match, rival, outcome, game }

  /// Reads what `encode(to:)` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      record: try container.decode(GameRecord.self, forKey: .game),
      match: HeadToHeadRecord(
        match: try container.decode(String.self, forKey: .match),
        rival: try container.decode(Rival.self, forKey: .rival),
        outcome: try container.decodeIfPresent(HeadToHead.Outcome.self, forKey: .outcome)))
  }

  /// Writes the object `write(to:)` writes: `match`, `rival`, `outcome` (null while not
  /// known) and `game`, the record as the score file writes it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(match.match, forKey: .match)
    try container.encode(match.rival, forKey: .rival)
    try container.encode(match.outcome, forKey: .outcome)
    try container.encode(record, forKey: .game)
  }

  /// Reads the object `write(to:)` writes: the one reader of a match game, whatever
  /// carries it (the match book, the venue's matches). The match id and the rival's
  /// cabinet follow `VenueID`, every name the name rules as a state file's do.
  package init(json: JSONReader) throws(JSONShapeError) {
    let id = try json.member("match").string()
    if let problem = VenueID.problem(id, naming: "a match id") {
      throw try json.member("match").fail(problem)
    }
    let rival = try json.member("rival")
    let cabinet = try rival.member("cabinet").string()
    if let problem = VenueID.problem(cabinet, naming: "a cabinet id") {
      throw try rival.member("cabinet").fail(problem)
    }
    let player = try rival.member("player").string()
    let record = try GameRecord(json: json.member("game"))
    for name in [player, record.result.name] where !PlayerName.isUnnamed(name) {
      if let rule = PlayerName.brokenRule(name, asNew: false) {
        throw json.fail("name \(PlayerName.quoted(name)): \(rule)")
      }
    }
    self.init(
      record: record,
      match: HeadToHeadRecord(
        match: id, rival: Rival(cabinet: cabinet, player: player),
        outcome: try json.optionalMember("outcome")?.choice(HeadToHead.Outcome.self)))
  }

  /// Appends the match game as one object on one line: `{"match": "ID", "rival":
  /// {"cabinet": ..., "player": ...}, "outcome": "won" or null, "game": {record}}`.
  package func write(to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("match")
    writer.string(match.match)
    writer.raw(", ")
    writer.key("rival")
    writer.raw("{")
    writer.key("cabinet")
    writer.string(match.rival.cabinet)
    writer.raw(", ")
    writer.key("player")
    writer.string(match.rival.player)
    writer.raw("}, ")
    writer.key("outcome")
    if let outcome = match.outcome { writer.string(outcome.rawValue) } else { writer.raw("null") }
    writer.raw(", ")
    writer.key("game")
    record.write(to: &writer)
    writer.raw("}")
  }
}
