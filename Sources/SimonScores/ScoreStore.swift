import FoundationEssentials
import SimonGame
import SimonStateFiles

/// The scores of the cabinet, in `scores.json` in the state directory: the high-score
/// tables and the recent games.
///
/// Every change is one locked read-modify-write, written atomically and synced: any
/// number of processes may record and rename at once, none loses another's update, and
/// a power cut leaves the file as it was before or after a change. A file that cannot
/// be used is set aside and reported to `onProblem`; the store starts afresh.
///
/// Calls block while another process holds the lock (a few milliseconds per change),
/// up to the lock timeout.
public final class ScoreStore: Sendable {
  /// The score file.
  public var path: String { file.path }
  /// How many recent games are kept (at least `ScoreBook.minimumRecentLimit`).
  public let recentLimit: Int
  /// How long a change waits for another process's lock.
  public var lockTimeout: Duration { file.lockTimeout }
  private let file: StateFile<ScoreBook>

  /// A store on `directory`; nothing is read or created until it is used.
  /// - Parameters:
  ///   - recentLimit: how many recent games to keep; at least 100 are.
  ///   - lockTimeout: how long a change waits for another process's lock before it
  ///     throws `StateError` of kind `.busy`.
  ///   - onProblem: told when the file was unusable and set aside (log it).
  public init(
    directory: String, recentLimit: Int = 1000, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    self.recentLimit = max(recentLimit, ScoreBook.minimumRecentLimit)
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The scores as they are now. A missing file or directory is an empty book.
  /// - Throws: `StateError` only for faults that may pass; a bad file is set aside.
  public func load() throws -> ScoreBook { try file.read() }

  /// Records a finished game (or one cut short by shutdown) with its wall-clock times.
  /// It is on disk when this returns.
  /// - Returns: the record, its place in its table and whether it is a new all-time best.
  /// - Throws: `StateError` when it could not be stored (it was not).
  @discardableResult
  public func record(_ result: GameResult, startedAt: Date, endedAt: Date) throws
    -> RecordOutcome
  {
    try file.update { book in
      book.insert(result, startedAt: startedAt, endedAt: endedAt, recentLimit: recentLimit)
    }
  }

  /// The best of every table that has a game: what a game must beat to be a new
  /// all-time best (`Ranking.isNewBest`).
  public func allTimeBests() throws -> [TableKey: Standing] {
    try load().allTimeBests.mapValues(\.result.standing)
  }

  /// Names the latest `count` games recorded as "Player" (nobody signed in).
  /// - Parameter name: checked against the name rules, as a registered name would be.
  /// - Returns: the renamed records, newest first; empty when no such game is kept.
  /// - Throws: `PlayerError.invalidName`, `StateError`.
  public func nameLatest(_ name: String, count: Int = 1) throws -> [GameRecord] {
    try PlayerStore.check(name)
    return try file.update { book in book.nameLatest(name, count: count) }
  }

  /// Names one ranked game played without signing in (docs/design.md section 5: "if you are in
  /// the top ten you will be prompted to put a name for your score").
  /// - Parameter name: checked against the name rules, as a registered name would be.
  /// - Returns: the renamed record.
  /// - Throws: `PlayerError.invalidName`, `NamingError`, `StateError`.
  public func name(game id: Int, as name: String) throws -> GameRecord {
    try PlayerStore.check(name)
    return try file.update { (book) throws in try book.name(game: id, as: name) }
  }

  /// Forgets every score and recent game. The next game is number 1 again.
  public func reset() throws { try file.replace(with: ScoreBook()) }

  /// Any other change, as one locked read-modify-write; the book is written when `body`
  /// changed it and did not throw.
  public func modify<R>(_ body: (inout ScoreBook) throws -> R) throws -> R {
    try file.update(body)
  }

  /// Replaces the whole file with `book`, whatever it held (for imports and benchmarks;
  /// changes based on the current scores go through `modify`).
  public func replace(with book: ScoreBook) throws { try file.replace(with: book) }
}
