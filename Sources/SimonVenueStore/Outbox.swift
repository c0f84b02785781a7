import FoundationEssentials
import SimonGame
import SimonJSON
import SimonScores
import SimonStateFiles

/// The venue bridge's outbox (docs/design.md section 12): the cabinet's games numbered for the
/// venue and kept until the broker acknowledged them, so that with the broker or the
/// network down games go on and nothing is lost; and which of the cabinet's games were
/// taken, so that none is numbered twice, and a game named after it ended is sent again
/// under its number with the name.
public struct Outbox: Equatable, Sendable {
  /// The most records waiting: about 8 MB, weeks of games at the busiest venue. Past
  /// it the oldest waiting record is dropped (`take` says so).
  public static let capacity = 20_000
  /// How many of the cabinet's latest games are remembered as taken: more than the
  /// cabinet's control socket lists at once (`ControlRequest.maximumRecent`).
  public static let remembered = 250

  /// A game of the cabinet, as the cabinet numbered it.
  public struct Taken: Equatable, Sendable {
    /// The cabinet's number for the game.
    public var game: Int
    /// When it started, in milliseconds since 1970 (cabinet numbers restart when a
    /// score file is lost).
    public var startedMilliseconds: Int
    /// When it ended, in milliseconds since 1970.
    public var endedMilliseconds: Int
    /// The venue's number for it; nil in an outbox written before numbers were kept.
    public var sequence: Int?
    /// The name it was sent under; nil in an outbox written before names were kept.
    public var name: String?

    init(_ record: GameRecord, sequence: Int) {
      game = record.id
      startedMilliseconds = Timestamps.epochMilliseconds(record.startedAt)
      endedMilliseconds = Timestamps.epochMilliseconds(record.endedAt)
      self.sequence = sequence
      name = record.result.name
    }

    init(
      game: Int, startedMilliseconds: Int, endedMilliseconds: Int, sequence: Int?, name: String?
    ) {
      self.game = game
      self.startedMilliseconds = startedMilliseconds
      self.endedMilliseconds = endedMilliseconds
      self.sequence = sequence
      self.name = name
    }

    /// Whether both are the same game of the cabinet, whatever its name.
    func isSameGame(as other: Taken) -> Bool {
      game == other.game && startedMilliseconds == other.startedMilliseconds
        && endedMilliseconds == other.endedMilliseconds
    }
  }

  /// The sequence number the next game gets.
  public private(set) var nextSequence: Int
  /// The records not yet acknowledged by the broker, oldest first.
  public private(set) var pending: [VenueRecord]
  /// The cabinet's latest games taken, oldest first.
  public private(set) var taken: [Taken]
  /// The points of the last game taken.
  public private(set) var lastPoints: Int?
  /// The most points of any game taken.
  public private(set) var bestPoints: Int?

  /// An empty outbox.
  public init() {
    nextSequence = 1
    pending = []
    taken = []
  }

  /// How many games were taken in all.
  public var gamesTaken: Int { nextSequence - 1 }

  /// What `take` did.
  public enum Taking: Equatable, Sendable {
    /// The game is queued under this record.
    case queued(VenueRecord)
    /// The game was taken before: with the record it was sent as while the outbox
    /// remembers that (its number and name), nil for a game older than every game
    /// remembered.
    case alreadyTaken(sentAs: VenueRecord?)
    /// The game was taken as "Player" (or another stand-in name) and has been named
    /// since: queued again under its number, with its name.
    case renamed(VenueRecord)
    /// The game is queued; the outbox was full and lost its oldest record.
    case queuedDropping(VenueRecord, dropped: VenueRecord)
  }

  /// Takes one of the cabinet's games: numbers it and queues it for the broker, unless
  /// it was taken before; queues it again under its number when it was taken unnamed
  /// and now has a name.
  public mutating func take(_ game: GameRecord, cabinet: String) -> Taking {
    let mark = Taken(game, sequence: nextSequence)
    if let index = taken.firstIndex(where: { $0.isSameGame(as: mark) }) {
      return takeAgain(game, at: index, cabinet: cabinet)
    }
    if taken.count >= Self.remembered, let oldest = taken.first,
      mark.endedMilliseconds < oldest.endedMilliseconds
    {
      return .alreadyTaken(sentAs: nil)
    }
    taken.append(mark)
    if taken.count > Self.remembered { taken.removeFirst(taken.count - Self.remembered) }
    let record = VenueRecord(cabinet: cabinet, sequence: nextSequence, game: game)
    nextSequence += 1
    lastPoints = game.result.points
    bestPoints = max(bestPoints ?? 0, game.result.points)
    pending.append(record)
    if pending.count > Self.capacity {
      return .queuedDropping(record, dropped: pending.removeFirst())
    }
    return .queued(record)
  }

  /// A game taken before: queued again when it was sent under a stand-in name and has
  /// a name now (names change only so: `ScoreBook.name`), otherwise not taken.
  private mutating func takeAgain(_ game: GameRecord, at index: Int, cabinet: String) -> Taking {
    let name = game.result.name
    guard let sequence = taken[index].sequence else { return .alreadyTaken(sentAs: nil) }
    guard let sent = taken[index].name, PlayerName.isUnnamed(sent), !PlayerName.isUnnamed(name)
    else {
      // Told as it was sent, it is that record; told otherwise, the record sent is not known.
      let same = taken[index].name.map { $0 == name } ?? true
      return .alreadyTaken(
        sentAs: same ? VenueRecord(cabinet: cabinet, sequence: sequence, game: game) : nil)
    }
    taken[index].name = name
    let record = VenueRecord(cabinet: cabinet, sequence: sequence, game: game)
    if let waiting = pending.firstIndex(where: { $0.key == record.key }) {
      pending[waiting] = record
    } else {
      // Not counted against the capacity: a renamed game is one already counted.
      pending.append(record)
    }
    return .renamed(record)
  }

  /// Forgets a record the broker acknowledged: only that version of it, so that the
  /// acknowledgement of a game sent unnamed does not forget the named one queued since.
  /// - Returns: false when it was not waiting.
  @discardableResult
  public mutating func acknowledge(_ record: VenueRecord) -> Bool {
    guard let index = pending.firstIndex(of: record) else { return false }
    pending.remove(at: index)
    return true
  }
}

extension Outbox: StateDocument {
  package static var fileName: String { "outbox.json" }
  /// 2: a record may end as `quit` and carry `reactions_ms`, which a program reading
  /// format 1 would take for damage; format 1 is read as it is.
  package static var version: Int { 2 }
  package static var permissions: UInt32 { 0o660 }
  package static var empty: Outbox { Outbox() }

  package static func decode(_ json: JSONValue) throws(JSONShapeError) -> Outbox {
    let reader = JSONReader(json)
    var outbox = Outbox()
    outbox.nextSequence = try reader.member("next_sequence").int(
      in: 1...(GameRecord.Bounds.id.upperBound + 1))
    outbox.lastPoints = try reader.optionalMember("last_points")?.int(in: GameRecord.Bounds.points)
    outbox.bestPoints = try reader.optionalMember("best_points")?.int(in: GameRecord.Bounds.points)
    outbox.taken = try reader.member("taken").map { (item) throws(JSONShapeError) in
      Taken(
        game: try item.member("game").int(in: GameRecord.Bounds.id),
        startedMilliseconds: try item.member("started_ms").int(),
        endedMilliseconds: try item.member("ended_ms").int(),
        sequence: try item.optionalMember("sequence")?.int(in: GameRecord.Bounds.id),
        name: try item.optionalMember("name")?.string())
    }
    outbox.pending = try reader.member("pending").map { (item) throws(JSONShapeError) in
      try VenueRecord(json: item)
    }
    return outbox
  }

  package var contentProblems: [String] {
    if let late = pending.first(where: { $0.sequence >= nextSequence }) {
      return ["pending: \(late.key) is numbered at or after next_sequence \(nextSequence)"]
    }
    if pending.count > Self.capacity {
      return ["pending: \(pending.count) records; an outbox holds at most \(Self.capacity)"]
    }
    return []
  }

  package func encodeFile() throws -> [UInt8] {
    var writer = JSONWriter(capacity: 400 * pending.count + 64 * taken.count + 256)
    writer.beginStateFile(version: Self.version)
    writer.key("next_sequence")
    writer.integer(nextSequence)
    writer.raw(",")
    if let lastPoints {
      writer.newline(indent: 1)
      writer.key("last_points")
      writer.integer(lastPoints)
      writer.raw(",")
    }
    if let bestPoints {
      writer.newline(indent: 1)
      writer.key("best_points")
      writer.integer(bestPoints)
      writer.raw(",")
    }
    writer.newline(indent: 1)
    writer.key("taken")
    writer.raw("[")
    for (index, mark) in taken.enumerated() {
      writer.raw(index == 0 ? "" : ",")
      writer.newline(indent: 2)
      writer.raw("{")
      writer.key("game")
      writer.integer(mark.game)
      writer.raw(", ")
      writer.key("started_ms")
      writer.integer(mark.startedMilliseconds)
      writer.raw(", ")
      writer.key("ended_ms")
      writer.integer(mark.endedMilliseconds)
      if let sequence = mark.sequence {
        writer.raw(", ")
        writer.key("sequence")
        writer.integer(sequence)
      }
      if let name = mark.name {
        writer.raw(", ")
        writer.key("name")
        writer.string(name)
      }
      writer.raw("}")
    }
    if !taken.isEmpty { writer.newline(indent: 1) }
    writer.raw("],")
    writer.newline(indent: 1)
    writer.key("pending")
    writer.raw("[")
    for (index, record) in pending.enumerated() {
      writer.raw(index == 0 ? "" : ",")
      writer.newline(indent: 2)
      record.write(to: &writer)
    }
    if !pending.isEmpty { writer.newline(indent: 1) }
    writer.raw("]")
    writer.newline(indent: 0)
    writer.raw("}\n")
    return writer.bytes
  }
}
