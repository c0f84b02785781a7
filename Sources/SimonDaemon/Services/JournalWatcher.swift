import Logging
import ServiceLifecycle
import SimonGame

/// Acts on the journal in its order, off the runner: stores finished games and tells
/// the sockets their records, stores settings chosen at the cabinet, answers pad codes,
/// keeps systemd's STATUS current and logs faults once.
///
/// Ends on graceful shutdown once everything appended before has been handled, so the
/// game a shutdown ends is stored.
struct JournalWatcher: Service {
  let context: CabinetContext
  let watch: Journal.Watch

  func run() async throws {
    await withGracefulShutdownHandler {
      for await entry in watch.entries { await handle(entry.happening) }
    } onGracefulShutdown: {
      watch.end()
    }
  }

  private func handle(_ happening: Happening) async {
    let logger = context.logger
    switch happening {
    case .status(let status):
      context.notifier.status(status.summary)
    case .gameEnded(let result, let newBest):
      let recorded = context.archive.record(result, newBest: newBest)
      if recorded.record != nil { await context.runner.note(result) }
      context.tell(.recorded(recorded))
    case .settingsChosen(let chosen, let previous):
      context.archive.saveChosen(chosen, previous: previous)
      context.tell(.settings(context.archive.settings(base: context.config.settings)))
    case .codeEntered(let code):
      await context.runner.signIn(context.archive.player(withCode: code))
    case .stuck(let input):
      logger.warning("\(input.rawValue) held for 10 s: stuck, ignored until released")
    case .unstuck(let input):
      logger.notice("\(input.rawValue) released: it counts again")
    case .lightFault(let pad, let error):
      logger.error("cannot drive the \(pad.rawValue) LED: \(error)")
    case .light, .tone, .view, .recorded, .settings, .scoresChanged:
      break
    }
  }
}
