import FoundationEssentials
import Logging
import SimonGame
import SimonScores

/// Stores finished games in the order they ended and never drops one: a game that
/// cannot be stored now (the lock held too long, a full disk, no descriptors left) is
/// kept and tried again with growing pauses (1 s, doubling, at most 30 s), in order; at
/// shutdown a last quick attempt is made and whatever is still not stored is logged in
/// full, so it can be put back by hand.
///
/// Every game's game-over reaches the sockets when it ends: with its record when it was
/// stored at once, else without (and `scores_changed: recorded` once it is).
actor RecordWriter {
  private struct Pending {
    var number: Int
    var result: GameResult
    var newBest: Bool
    var endedAt: Date
  }

  private let context: CabinetContext
  private var pending: [Pending] = []
  private var pause = RecordWriter.firstPause
  private var retry: Task<Void, Never>?

  /// The pause before the first retry; it doubles after each failure.
  static let firstPause = Duration.seconds(1)
  /// The longest pause between retries.
  static let longestPause = Duration.seconds(30)
  /// How long the last attempt at shutdown waits for another writer's lock.
  static let lastAttemptLock = Duration.milliseconds(300)

  init(context: CabinetContext) { self.context = context }

  /// A game ended: stores it (after any earlier one still waiting) and tells the sockets.
  /// - Parameter number: the game's number among those ended (`Happening.gameEnded`).
  func add(_ result: GameResult, newBest: Bool, number: Int) async {
    let game = Pending(number: number, result: result, newBest: newBest, endedAt: Date())
    pending.append(game)
    let stored = await flush(lockTimeout: context.archive.scores.lockTimeout)
    if stored.count > 1 { context.tell(.scoresChanged(.recorded)) }
    let this = stored.last { $0.number == game.number }?.game
    context.tell(
      .recorded(
        this
          ?? RecordedGame(
            result: result, record: nil, rank: nil, newBest: newBest, endedAt: game.endedAt)))
    scheduleRetry()
  }

  /// At shutdown: one last quick attempt; what still cannot be stored is logged whole.
  func finish() async {
    retry?.cancel()
    retry = nil
    _ = await flush(lockTimeout: Self.lastAttemptLock)
    for game in pending {
      let record = RecordedGame(
        result: game.result, record: nil, rank: nil, newBest: game.newBest,
        endedAt: game.endedAt
      ).recordOrProvisional
      context.logger.critical(
        "a game could not be stored before stopping; its record (add it to scores.json by hand): \(record.json)"
      )
    }
    pending = []
  }

  /// Stores waiting games in order until one fails.
  /// - Returns: those stored now, with their numbers.
  private func flush(lockTimeout: Duration) async -> [(number: Int, game: RecordedGame)] {
    var stored: [(number: Int, game: RecordedGame)] = []
    while let game = pending.first {
      do {
        let recorded = try context.archive.record(
          game.result, endedAt: game.endedAt, lockTimeout: lockTimeout)
        pending.removeFirst()
        pause = Self.firstPause
        await context.runner.note(game.result)
        if let id = recorded.record?.id { await context.runner.stored(game: game.number, as: id) }
        stored.append((game.number, recorded))
      } catch {
        if pause == Self.firstPause {
          context.logger.error(
            "could not store the game of \(game.result.name) (\(game.result.points) points): \(error); kept, retrying"
          )
        }
        break
      }
    }
    return stored
  }

  private func scheduleRetry() {
    guard !pending.isEmpty, retry == nil else { return }
    let wait = pause
    pause = min(pause * 2, Self.longestPause)
    retry = Task { [weak self] in
      try? await Task.sleep(for: wait)
      guard !Task.isCancelled else { return }
      await self?.retryNow()
    }
  }

  private func retryNow() async {
    retry = nil
    let stored = await flush(lockTimeout: context.archive.scores.lockTimeout)
    if !stored.isEmpty {
      context.logger.notice("stored \(stored.count) game(s) kept since they ended")
      context.tell(.scoresChanged(.recorded))
    }
    scheduleRetry()
  }
}
