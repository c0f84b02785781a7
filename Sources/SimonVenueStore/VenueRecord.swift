import FoundationEssentials
import SimonGame
import SimonJSON
import SimonScores

/// One game of a venue: a cabinet's record under a number that is unique across the
/// venue, the cabinet's id and its own sequence (docs/design.md section 12). It is published to
/// the broker and merged into every cabinet's venue table; merging is idempotent by
/// `key`.
public struct VenueRecord: Equatable, Sendable {
  /// The cabinet's id: 1 to 64 ASCII letters, digits, ".", "_" or "-" (a topic level).
  public var cabinet: String
  /// The cabinet's number for it, from 1, never reused (the venue bridge's outbox
  /// keeps the count, so it survives a reset of the cabinet's scores).
  public var sequence: Int
  /// The game as the cabinet recorded it (its `id` is the cabinet's own numbering).
  public var game: GameRecord

  /// A record with every value given.
  public init(cabinet: String, sequence: Int, game: GameRecord) {
    self.cabinet = cabinet
    self.sequence = sequence
    self.game = game
  }

  /// The record's identity across the venue.
  public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The cabinet's id.
    public var cabinet: String
    /// The cabinet's sequence number.
    public var sequence: Int
    /// "cabinet/sequence".
    public var description: String { "\(cabinet)/\(sequence)" }

    /// The key of a cabinet's record.
    public init(cabinet: String, sequence: Int) {
      self.cabinet = cabinet
      self.sequence = sequence
    }
  }

  /// The record's identity across the venue.
  public var key: Key { Key(cabinet: cabinet, sequence: sequence) }

  /// The longest cabinet id.
  public static let maximumCabinetLength = VenueID.maximumLength

  /// Why `id` cannot be a cabinet's id, or nil when it can (`VenueID`).
  public static func cabinetProblem(_ id: String) -> String? {
    VenueID.problem(id, naming: "a cabinet id")
  }

  /// True when this record ranks above `other` in a venue table: by `Ranking`, then the
  /// earlier game, then by key, so every cabinet orders the same records the same way.
  public func ranks(above other: VenueRecord) -> Bool {
    let mine = game.result.standing
    let theirs = other.game.result.standing
    if Ranking.ranks(mine, above: theirs) { return true }
    if Ranking.ranks(theirs, above: mine) { return false }
    if game.endedAt != other.game.endedAt { return game.endedAt < other.game.endedAt }
    if cabinet != other.cabinet { return cabinet < other.cabinet }
    return sequence < other.sequence
  }

  // MARK: - The message: one JSON object

  /// The record as published: `{"cabinet": "...", "sequence": N, "game": {...}}`, the
  /// game as the score file writes it.
  public var payload: [UInt8] {
    var writer = JSONWriter(capacity: 400)
    write(to: &writer)
    return writer.bytes
  }

  /// Reads a published record, checking every value as a state file's: the bounds of
  /// `GameRecord.Bounds`, the cabinet id's rule, and the name rules for every name (a
  /// record from the network is shown on screens and terminals).
  /// - Throws: `VenueRecordError` saying what is wrong and where.
  public init(payload: [UInt8]) throws(VenueRecordError) {
    self = try VenueRecordError.reading(payload) { (json) throws(JSONShapeError) in
      try VenueRecord(json: json)
    }
  }

  init(json: JSONReader) throws(JSONShapeError) {
    let cabinet = try json.member("cabinet").string()
    if let problem = Self.cabinetProblem(cabinet) {
      throw try json.member("cabinet").fail(problem)
    }
    let gameReader = try json.member("game")
    let game = try gameReader.fields { (fields) throws(JSONShapeError) in
      try GameRecord(json: fields)
    }
    for name in [game.result.name] + game.result.members
    where !PlayerName.isUnnamed(name) {
      if let rule = PlayerName.brokenRule(name, asNew: false) {
        throw gameReader.fail("name \(PlayerName.quoted(name)): \(rule)")
      }
    }
    self.init(
      cabinet: cabinet, sequence: try json.member("sequence").int(in: GameRecord.Bounds.id),
      game: game)
  }

  func write(to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("cabinet")
    writer.string(cabinet)
    writer.raw(", ")
    writer.key("sequence")
    writer.integer(sequence)
    writer.raw(", ")
    writer.key("game")
    game.write(to: &writer)
    writer.raw("}")
  }
}

/// A venue record that could not be read, and why.
public struct VenueRecordError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, and where in the record.
  public var message: String
  /// The message.
  public var description: String { message }

  /// Reads a message from the broker: JSON, then `read`; either failing says what.
  static func reading<Value>(
    _ payload: [UInt8], _ read: (JSONReader) throws(JSONShapeError) -> Value
  ) throws(VenueRecordError) -> Value {
    let value: JSONValue
    do {
      value = try JSONParser.parse(payload)
    } catch {
      throw VenueRecordError(message: "not JSON: \(error)")
    }
    do {
      return try read(JSONReader(value))
    } catch {
      throw VenueRecordError(message: error.description)
    }
  }
}

extension VenueRecord: Encodable {
  private enum CodingKeys: String, CodingKey { case cabinet, sequence, game }

  /// Writes `{"cabinet": ..., "sequence": ..., "game": {...}}`, as the payload is.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cabinet, forKey: .cabinet)
    try container.encode(sequence, forKey: .sequence)
    try container.encode(game, forKey: .game)
  }
}
