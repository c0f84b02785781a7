import FoundationEssentials
import SimonGame
import SimonJSON
import SimonScores
import SimonStateFiles

/// One cabinet's side of a head-to-head match, as its bridge publishes it for the venue
/// (retained, on `simon/VENUE/CABINET/result/MATCH`): the cabinet, and its match game.
/// Published again when the outcome becomes known; the later one replaces the earlier.
public struct VenueMatch: Equatable, Sendable {
  /// The cabinet whose side it is.
  public var cabinet: String
  /// Its game in the match, with the rival and the outcome.
  public var game: MatchGame

  /// A side with every value given.
  public init(cabinet: String, game: MatchGame) {
    self.cabinet = cabinet
    self.game = game
  }

  /// The match's id.
  public var match: String { game.match.match }

  /// The message: `{"cabinet": "...", "game": {match game}}`.
  public var payload: [UInt8] {
    var writer = JSONWriter(capacity: 480)
    write(to: &writer)
    return writer.bytes
  }

  /// Reads a published side, checking every value as a state file's (`MatchGame`).
  /// - Throws: `VenueRecordError` saying what is wrong and where.
  public init(payload: [UInt8]) throws(VenueRecordError) {
    self = try VenueRecordError.reading(payload) { (json) throws(JSONShapeError) in
      try VenueMatch(json: json)
    }
  }

  init(json: JSONReader) throws(JSONShapeError) {
    let cabinet = try json.member("cabinet").string()
    if let problem = VenueRecord.cabinetProblem(cabinet) {
      throw try json.member("cabinet").fail(problem)
    }
    self.init(cabinet: cabinet, game: try MatchGame(json: json.member("game")))
  }

  func write(to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("cabinet")
    writer.string(cabinet)
    writer.raw(", ")
    writer.key("game")
    game.write(to: &writer)
    writer.raw("}")
  }
}

/// The venue's head-to-head matches, as a bridge merged both sides of each, in
/// `matches.json` in the bridge's state directory: the latest `limit` sides, by when
/// their games ended. `simonctl match list --venue` reads it.
public struct VenueMatchBook: Equatable, Sendable {
  /// The sides, oldest game first.
  public private(set) var sides: [VenueMatch] = []

  /// How many sides are kept (two a match).
  public static let limit = 1000

  /// An empty book.
  public init() {}

  /// Whether a side contradicts the sides known of its match: another cabinet's side
  /// that does not name this cabinet as its rival, or the other way round (a third
  /// cabinet claiming a place in a match of two).
  public func contradicts(_ side: VenueMatch) -> Bool {
    sides.contains { known in
      known.match == side.match && known.cabinet != side.cabinet
        && (known.cabinet != side.game.match.rival.cabinet
          || known.game.match.rival.cabinet != side.cabinet)
    }
  }

  /// Takes a side: new, or one that changed (its outcome became known); not one that
  /// `contradicts` the sides known, nor one older than every side kept when the book is
  /// full.
  /// - Returns: whether the book changed.
  public mutating func merge(_ side: VenueMatch) -> Bool {
    guard !contradicts(side) else { return false }
    if let index = sides.firstIndex(where: { $0.cabinet == side.cabinet && $0.match == side.match })
    {
      guard sides[index] != side else { return false }
      sides[index] = side
      return true
    }
    let at =
      sides.firstIndex { $0.game.record.endedAt > side.game.record.endedAt } ?? sides.endIndex
    if at == 0, sides.count >= Self.limit { return false }
    sides.insert(side, at: at)
    sides.removeFirst(max(0, sides.count - Self.limit))
    return true
  }

  /// Each match once, newest first, with its sides in cabinet order.
  public var matches: [[VenueMatch]] {
    var order: [String] = []
    var byMatch: [String: [VenueMatch]] = [:]
    for side in sides.reversed() {
      if byMatch[side.match] == nil { order.append(side.match) }
      byMatch[side.match, default: []].append(side)
    }
    return order.map { byMatch[$0]!.sorted { $0.cabinet < $1.cabinet } }
  }
}

extension VenueMatchBook: StateDocument {
  package static var fileName: String { "matches.json" }
  package static var version: Int { 1 }
  package static var permissions: UInt32 { 0o664 }
  package static var empty: VenueMatchBook { VenueMatchBook() }

  package var contentProblems: [String] {
    var seen: Set<String> = []
    for (index, side) in sides.enumerated()
    where !seen.insert("\(side.cabinet)/\(side.match)").inserted {
      return ["sides[\(index)]: \(side.cabinet)'s side of \(side.match) is there twice"]
    }
    return []
  }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> VenueMatchBook {
    var book = VenueMatchBook()
    book.sides = try JSONReader(json).member("sides").map { (item) throws(JSONShapeError) in
      try VenueMatch(json: item)
    }
    return book
  }

  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 480 * sides.count + 64)
    writer.beginStateFile(version: Self.version)
    writer.key("sides")
    writer.lines(sides, indent: 1) { writer, side in side.write(to: &writer) }
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
