import FoundationEssentials
import SimonGame
import SimonJSON
import SimonStateFiles

/// The cabinet's head-to-head games, in `matches.json`: a file of their own, so that the
/// score file keeps the format earlier releases read (one of them would set aside a score
/// file with a record of an unknown mode, and the tables with it).
public struct MatchBook: Equatable, Sendable {
  /// The games, oldest first; at most `limit`.
  public private(set) var games: [MatchGame]
  /// The number the next game gets.
  public private(set) var nextID: Int

  /// How many games the book keeps; the oldest go first.
  public static let limit = 500

  /// An empty book.
  public init() {
    games = []
    nextID = 1
  }

  /// Adds a match's game and returns it with its number.
  package mutating func insert(
    _ result: GameResult, match: HeadToHeadRecord, startedAt: Date, endedAt: Date
  ) -> MatchGame {
    let game = MatchGame(
      record: GameRecord(id: nextID, result: result, startedAt: startedAt, endedAt: endedAt),
      match: match)
    nextID += 1
    games.append(game)
    games.removeFirst(max(0, games.count - Self.limit))
    return game
  }

  /// Gives the game of match `id` its outcome, if it has none yet.
  /// - Returns: the game amended, or nil when there is no such game or it was decided.
  mutating func decide(_ id: String, _ outcome: HeadToHead.Outcome) -> MatchGame? {
    guard let index = games.lastIndex(where: { $0.match.match == id }),
      games[index].match.outcome == nil
    else { return nil }
    games[index].match.outcome = outcome
    return games[index]
  }
}

extension MatchBook: StateDocument {
  package static var fileName: String { "matches.json" }
  package static var version: Int { 1 }
  package static var permissions: UInt32 { 0o660 }
  package static var empty: MatchBook { MatchBook() }

  package var contentProblems: [String] {
    var seen: Set<Int> = []
    for (index, game) in games.enumerated() {
      if !seen.insert(game.record.id).inserted || game.record.id >= nextID {
        return ["games[\(index)]: the number \(game.record.id) is there twice or not below next_id"]
      }
      if let problem = VenueID.problem(game.match.match, naming: "a match id") {
        return ["games[\(index)]: \(problem)"]
      }
    }
    return []
  }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> MatchBook {
    let reader = JSONReader(json)
    var book = MatchBook()
    book.nextID = try reader.member("next_id").int(in: 1...(GameRecord.Bounds.id.upperBound + 1))
    book.games = try reader.member("games").map { (item) throws(JSONShapeError) in
      try MatchGame(json: item)
    }
    return book
  }

  /// The file's text: the version, next_id, then one game a line.
  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 420 * games.count + 64)
    writer.beginStateFile(version: Self.version)
    writer.key("next_id")
    writer.integer(nextID)
    writer.raw(",")
    writer.newline(indent: 1)
    writer.key("games")
    writer.lines(games, indent: 1) { writer, game in game.write(to: &writer) }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
