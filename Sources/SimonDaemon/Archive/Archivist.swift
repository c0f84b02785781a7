import FoundationEssentials
import Logging
import SimonGame
import SimonPOSIX
import SimonScores
import SimonStateFiles
import SystemPackage

/// The archive's one door for the game: takes its requests in the order it made them, on
/// a thread of its own (a state file's lock may be waited for there without holding up a
/// thread of the concurrency pool), and answers the game with events through the runner.
///
/// Promises:
/// - A pad code is answered at once, whatever holds scores.json's lock.
/// - Every game's game over reaches the sockets at once: with its record when scores.json
///   could be locked within `firstAttemptLock`, else without it, and `scores_changed:
///   recorded` once it is stored.
/// - No game is dropped. Games and names chosen with the pads are written in the order
///   they came; one that cannot be written now (the lock held, a full disk, no descriptors
///   left) is kept with those after it and tried again: every `busyPause` while another
///   process holds the lock (so it is written within a pause of the lock's release), else
///   after growing pauses (1 s, doubling, at most 30 s). At shutdown a last quick attempt
///   is made, and a game still not stored is logged in full, so it can be put back by hand.
/// - A name the rules refuse is logged; the record keeps its name.
actor Archivist {
  /// A write to scores.json waiting its turn.
  private enum Write {
    case record(GameResult, newBest: Bool, endedAt: Date)
    case name(record: Int, as: String)
    case outcome(match: String, HeadToHead.Outcome)
  }

  private let context: CabinetContext
  private let thread: WorkThread
  private var waiting: [Write] = []
  private var pause = Archivist.firstPause
  private var retry: Task<Void, Never>?
  private var writing = false

  /// How long the first attempt at a write waits for another process's lock: a game over
  /// reaches the sockets after it at the latest.
  static let firstAttemptLock = Duration.milliseconds(250)
  /// How long a later attempt waits for the lock (the archivist's thread is held
  /// meanwhile, and a pad code with it).
  static let retryLock = Duration.milliseconds(100)
  /// The pause between attempts while another process holds the lock.
  static let busyPause = Duration.milliseconds(500)
  /// The pause before the first retry after any other fault; it doubles after each.
  static let firstPause = Duration.seconds(1)
  /// The longest pause between retries.
  static let longestPause = Duration.seconds(30)
  /// How long the last attempt at shutdown waits for another writer's lock.
  static let lastAttemptLock = Duration.milliseconds(300)

  /// The state file a game's record belongs in, for a person to add it by hand: a match's
  /// in the match book, a day's game in its date's table of the daily book.
  static func file(of result: GameResult) -> String {
    if result.headToHead != nil { return "matches.json" }
    if let date = result.daily { return "daily.json, under \(date)" }
    return "scores.json"
  }

  /// An archivist on a thread of its own.
  /// - Throws: `Errno` when the system refuses the thread.
  init(context: CabinetContext) throws(Errno) {
    self.context = context
    thread = try WorkThread(named: "simon-archive")
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

  /// Takes `requests` in order until the stream ends (after the runner has stopped),
  /// then makes the last attempt for whatever is still waiting.
  func run(_ requests: AsyncStream<ArchiveRequest>) async {
    for await request in requests { await take(request) }
    finish()
  }

  private func take(_ request: ArchiveRequest) async {
    switch request {
    case .record(let result, let newBest, let endedAt):
      // Alone, it is the only write waiting, so what the attempt stores is this game; after
      // others it waits its turn, and its game over goes out without its record.
      let alone = waiting.isEmpty
      waiting.append(.record(result, newBest: newBest, endedAt: endedAt))
      let stored = alone ? await write(lockTimeout: Self.firstAttemptLock).first : nil
      context.tell(
        .recorded(
          stored
            ?? RecordedGame(
              result: result, record: nil, rank: nil, newBest: newBest, endedAt: endedAt)))
      scheduleRetry()
    case .name(let record, let name):
      let alone = waiting.isEmpty
      waiting.append(.name(record: record, as: name))
      if alone { _ = await write(lockTimeout: Self.firstAttemptLock) }
      scheduleRetry()
    case .matchDecided(let match, let outcome):
      let alone = waiting.isEmpty
      waiting.append(.outcome(match: match, outcome))
      if alone { _ = await write(lockTimeout: Self.firstAttemptLock) }
      scheduleRetry()
    case .signIn(let code):
      await context.runner.signIn(context.archive.player(withCode: code))
    case .saveSettings(let chosen, let previous):
      context.archive.saveChosen(chosen, previous: previous)
      context.tell(.settings(context.archive.settings(base: context.config.settings)))
    }
  }

  /// Writes what waits, in order, until one write fails for a reason worth waiting out.
  /// - Returns: the games stored now, in order.
  private func write(lockTimeout: Duration) async -> [RecordedGame] {
    // One write at a time: the answers to the runner are awaited, and a retry could
    // otherwise store the next game before this one's answer is given.
    guard !writing else { return [] }
    writing = true
    defer { writing = false }
    var stored: [RecordedGame] = []
    while let next = waiting.first {
      do {
        switch next {
        case .record(let result, _, let endedAt):
          let recorded = try context.archive.record(
            result, endedAt: endedAt, lockTimeout: lockTimeout)
          waiting.removeFirst()
          if let id = recorded.record?.id { await context.runner.stored(record: id) }
          stored.append(recorded)
        case .name(let record, let name):
          _ = try context.nameGame(
            record, as: name, by: "name entry at the cabinet", lockTimeout: lockTimeout)
          waiting.removeFirst()
        case .outcome(let match, let outcome):
          if try context.archive.matches(waitingAtMost: lockTimeout).decide(match, outcome) != nil {
            context.logger.info("match \(match): its game's record now says \(outcome.rawValue)")
            context.tell(.scoresChanged(.matches))
          }
          waiting.removeFirst()
        }
        pause = Self.firstPause
      } catch let error as StateError {
        note(error, writing: next)
        break
      } catch {
        // Only a name is refused other than by the state files: the rules, or the record
        // gone (reset meanwhile). It is not worth trying again.
        if case .name(let record, let name) = next {
          context.logger.warning(
            "name entry at the cabinet: game \(record) keeps its name, \(PlayerName.quoted(name)) was refused: \(error)"
          )
        }
        waiting.removeFirst()
      }
    }
    return stored
  }

  /// Logs why a write waits, once for a run of failures; the next pause follows the kind.
  private func note(_ error: StateError, writing write: Write) {
    if error.kind == .busy {
      if pause == Self.firstPause {
        context.logger.warning("scores.json is locked by another process: \(describe(write)) waits")
      }
      pause = Self.busyPause
      return
    }
    if pause <= Self.firstPause {
      context.logger.error("could not store \(describe(write)): \(error); kept, retrying")
    }
  }

  private func describe(_ write: Write) -> String {
    switch write {
    case .record(let result, _, _):
      "the game of \(result.name) (\(result.points) points)"
    case .name(let record, let name):
      "the name \(PlayerName.quoted(name)) of game \(record)"
    case .outcome(let match, let outcome):
      "the outcome (\(outcome.rawValue)) of match \(match)"
    }
  }

  private func scheduleRetry() {
    guard !waiting.isEmpty, retry == nil else { return }
    let wait = pause
    if pause >= Self.firstPause { pause = min(pause * 2, Self.longestPause) }
    retry = Task { [weak self] in
      try? await Task.sleep(for: wait)
      guard !Task.isCancelled else { return }
      await self?.retryNow()
    }
  }

  private func retryNow() async {
    retry = nil
    let stored = await write(lockTimeout: Self.retryLock)
    if !stored.isEmpty {
      context.logger.notice("stored \(stored.count) game(s) kept since they ended")
      context.tell(.scoresChanged(.recorded))
    }
    scheduleRetry()
  }

  /// At shutdown: one last quick attempt; a game still not stored is logged whole.
  private func finish() {
    retry?.cancel()
    retry = nil
    pause = Self.firstPause
    for write in waiting {
      switch write {
      case .record(let result, let newBest, let endedAt):
        do {
          _ = try context.archive.record(
            result, endedAt: endedAt, lockTimeout: Self.lastAttemptLock)
        } catch {
          let record = RecordedGame(
            result: result, record: nil, rank: nil, newBest: newBest, endedAt: endedAt
          ).recordOrProvisional
          context.logger.critical(
            "a game could not be stored before stopping; its record (add it to \(Self.file(of: result)) by hand): \(record.json)"
          )
        }
      case .name(let record, let name):
        do {
          _ = try context.nameGame(
            record, as: name, by: "name entry at the cabinet", lockTimeout: Self.lastAttemptLock)
        } catch {
          context.logger.error(
            "stopping: game \(record) keeps its name, \(PlayerName.quoted(name)) could not be written: \(error)"
          )
        }
      case .outcome(let match, let outcome):
        do {
          try context.archive.matches(waitingAtMost: Self.lastAttemptLock).decide(match, outcome)
        } catch {
          context.logger.error(
            "stopping: the outcome (\(outcome.rawValue)) of match \(match) could not be written: \(error)"
          )
        }
      }
    }
    waiting = []
  }
}
