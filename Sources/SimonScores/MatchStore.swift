import FoundationEssentials
import SimonGame
import SimonStateFiles

/// The cabinet's head-to-head games, in `matches.json` in the state directory, with the
/// same promises as `ScoreStore`: each change one locked read-modify-write, written
/// atomically and synced; a file that cannot be used is set aside and reported.
public final class MatchStore: Sendable {
  /// The match file.
  public var path: String { file.path }
  private let file: StateFile<MatchBook>

  /// A store on `directory`; nothing is read or created until it is used.
  public init(
    directory: String, lockTimeout: Duration = .seconds(10),
    onProblem: @escaping @Sendable (StateProblem) -> Void = { _ in }
  ) {
    file = StateFile(directory: directory, lockTimeout: lockTimeout, onProblem: onProblem)
  }

  /// The games as they are now; a missing file is an empty book.
  /// - Throws: `StateError` only for faults that may pass; a bad file is set aside.
  public func load() throws -> MatchBook { try file.read() }

  /// Records a match's game; it is on disk when this returns.
  /// - Throws: `StateError` when it could not be stored (it was not).
  public func record(
    _ result: GameResult, match: HeadToHeadRecord, startedAt: Date, endedAt: Date
  ) throws -> MatchGame {
    try file.update { book in
      book.insert(result, match: match, startedAt: startedAt, endedAt: endedAt)
    }
  }

  /// Gives the game of match `id` its outcome, decided after the game was recorded.
  /// - Returns: the game amended, or nil when none waits for an outcome.
  /// - Throws: `StateError`.
  @discardableResult
  public func decide(_ id: String, _ outcome: HeadToHead.Outcome) throws -> MatchGame? {
    try file.update { book in book.decide(id, outcome) }
  }
}
