import SimonScores
import SimonStateFiles

/// The venue table of one cabinet, in `venue.json` in the venue bridge's state
/// directory, with the state files' guarantees (atomic, locked, a bad file set aside).
/// The bridge writes it; `simonctl scores --venue` and the cabinet screen read it.
public final class VenueStore: Sendable {
  /// Where the venue bridge keeps its state when installed as a package.
  public static let defaultDirectory = "/var/lib/simon-venue"

  /// The venue file.
  public var path: String { file.path }
  private let file: StateFile<VenueBook>

  /// A store on `directory`; nothing is read or created until it is used.
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The venue tables as they are now; a missing file is an empty venue.
  public func load() throws -> VenueBook { try file.read() }

  /// Merges records, in one write.
  /// - Returns: the records that changed the venue: new ones, and games named since
  ///   they were merged (the others were merged before).
  @discardableResult
  public func merge(_ records: [VenueRecord]) throws -> [VenueRecord] {
    try file.update { book in records.filter { book.merge($0) } }
  }

  /// Writes `book` as the venue tables: for the one process that keeps them in memory
  /// (the venue bridge), whose book already holds everything the file did.
  public func save(_ book: VenueBook) throws {
    try file.update { $0 = book }
  }
}

/// The venue bridge's outbox, in `outbox.json` in its state directory, with the state
/// files' guarantees: a game taken is on disk before it is published, and stays there
/// until the broker acknowledged it.
public final class OutboxStore: Sendable {
  /// The outbox file.
  public var path: String { file.path }
  private let file: StateFile<Outbox>

  /// A store on `directory`; nothing is read or created until it is used.
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The outbox as it is now.
  public func load() throws -> Outbox { try file.read() }

  /// Takes the cabinet's games (see `Outbox.take`), in one write.
  /// - Returns: what became of each game, in order.
  public func take(_ games: [GameRecord], cabinet: String) throws -> [Outbox.Taking] {
    try file.update { outbox in games.map { outbox.take($0, cabinet: cabinet) } }
  }

  /// Forgets records the broker acknowledged (see `Outbox.acknowledge`), in one write.
  public func acknowledge(_ records: [VenueRecord]) throws {
    try file.update { outbox in
      for record in records { outbox.acknowledge(record) }
    }
  }
}

/// The venue's head-to-head matches, in `matches.json` in the venue bridge's state
/// directory, with the state files' guarantees. The bridge writes it;
/// `simonctl match list --venue` reads it.
public final class VenueMatchStore: Sendable {
  /// The file.
  public var path: String { file.path }
  private let file: StateFile<VenueMatchBook>

  /// A store on `directory`; nothing is read or created until it is used.
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The matches as they are now; a missing file is none.
  public func load() throws -> VenueMatchBook { try file.read() }

  /// Merges sides, in one write.
  /// - Returns: the sides that changed the book.
  @discardableResult
  public func merge(_ sides: [VenueMatch]) throws -> [VenueMatch] {
    try file.update { book in sides.filter { book.merge($0) } }
  }

  /// Writes `book` as the venue's matches: for the one process that keeps them in memory
  /// (the venue bridge), whose book already holds everything the file did.
  public func save(_ book: VenueMatchBook) throws {
    try file.update { $0 = book }
  }
}

/// The venue's tables of the day's challenge, in `daily.json` in the venue bridge's state
/// directory, with the state files' guarantees. The bridge writes it.
public final class VenueDailyStore: Sendable {
  /// The file.
  public var path: String { file.path }
  private let file: StateFile<VenueDailyBook>

  /// A store on `directory`; nothing is read or created until it is used.
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The tables as they are now; a missing file is none.
  public func load() throws -> VenueDailyBook { try file.read() }

  /// Merges a cabinet's list of a date (`VenueDailyBook.merge`), in one write.
  /// - Returns: whether the book changed.
  @discardableResult
  public func merge(_ daily: VenueDaily) throws -> Bool {
    try file.update { book in book.merge(daily) }
  }

  /// Writes `book` as the venue's daily tables: for the one process that keeps them in
  /// memory (the venue bridge), whose book already holds everything the file did.
  public func save(_ book: VenueDailyBook) throws {
    try file.update { $0 = book }
  }
}
