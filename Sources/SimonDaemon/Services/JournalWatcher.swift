import Logging
import ServiceLifecycle
import SimonGame
import SimonScores

/// Acts on the journal in its order, off the runner: stores finished games (through the
/// record writer, which never drops one), stores settings chosen at the cabinet, answers
/// pad codes, names games named with the pads, keeps systemd's STATUS current and logs
/// faults once.
///
/// Ends on graceful shutdown once everything appended before has been handled, so the
/// game a shutdown ends is stored (or logged whole).
struct JournalWatcher: Service {
  let context: CabinetContext
  let watch: Journal.Watch
  let records: RecordWriter

  /// Watches `journal` for what `handle` acts on.
  init(context: CabinetContext, journal: Journal) {
    self.context = context
    watch = journal.stream(buffering: .everything, wants: Self.actsOn)
    records = RecordWriter(context: context)
  }

  /// Whether the watcher acts on a happening: lamps, tones and views (one or more per
  /// press) are the sockets' business, and leaving them out of the stream spares a wake-up
  /// of the concurrency pool each time.
  static func actsOn(_ happening: Happening) -> Bool {
    switch happening {
    case .status, .gameEnded, .settingsChosen, .codeEntered, .nameChosen, .stuck, .unstuck,
      .lightFault:
      true
    case .light, .tone, .view, .recorded, .settings, .scoresChanged:
      false
    }
  }

  func run() async throws {
    await withGracefulShutdownHandler {
      for await entry in watch.entries { await handle(entry.happening) }
    } onGracefulShutdown: {
      watch.end()
    }
    await records.finish()
  }

  private func handle(_ happening: Happening) async {
    let logger = context.logger
    switch happening {
    case .status(let status):
      context.notifier.status(status.summary)
    case .gameEnded(let result, let newBest, let number):
      await records.add(result, newBest: newBest, number: number)
    case .settingsChosen(let chosen, let previous):
      context.archive.saveChosen(chosen, previous: previous)
      context.tell(.settings(context.archive.settings(base: context.config.settings)))
    case .codeEntered(let code):
      await context.runner.signIn(context.archive.player(withCode: code))
    case .nameChosen(let game, let name):
      do {
        _ = try context.nameGame(game, as: name, by: "name entry at the cabinet")
      } catch {
        logger.warning(
          "name entry at the cabinet: game \(game) keeps its name, \(PlayerName.quoted(name)) was refused: \(error)"
        )
      }
    case .stuck(let input):
      logger.warning("\(input.rawValue) held for 10 s: stuck, ignored until released")
    case .unstuck(let input):
      logger.notice("\(input.rawValue) released: it counts again")
    case .lightFault(let pad, let error):
      logger.error("cannot drive the \(pad.rawValue) LED: \(error)")
    case .light, .tone, .view, .recorded, .settings, .scoresChanged:
      break  // Not in the stream (actsOn).
    }
  }
}
