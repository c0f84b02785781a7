import Logging
import ServiceLifecycle
import SimonGame

/// Follows the journal in its order, off the runner: keeps systemd's STATUS current and
/// logs faults once. It only reads: what the game asks of the state files goes to the
/// archivist.
struct JournalWatcher: Service {
  let context: CabinetContext
  let watch: Journal.Watch

  /// Watches `journal` for what `handle` acts on.
  init(context: CabinetContext, journal: Journal) {
    self.context = context
    watch = journal.stream(buffering: .everything, wants: Self.actsOn)
  }

  /// Whether the watcher acts on a happening: lamps, tones and views (one or more per
  /// press) are the sockets' business, and leaving them out of the stream spares a wake-up
  /// of the concurrency pool each time.
  static func actsOn(_ happening: Happening) -> Bool {
    switch happening {
    case .status, .stuck, .unstuck, .lightFault, .motorFault, .match:
      true
    case .light, .tone, .haptic, .view, .gameEnded, .recorded, .settings, .scoresChanged:
      false
    }
  }

  func run() async throws {
    await withGracefulShutdownHandler {
      for await entry in watch.entries { handle(entry.happening) }
    } onGracefulShutdown: {
      watch.end()
    }
  }

  private func handle(_ happening: Happening) {
    let logger = context.logger
    switch happening {
    case .status(let status):
      context.notifier.status(status.summary)
    case .stuck(let input):
      logger.warning("\(input.rawValue) held for 10 s: stuck, ignored until released")
    case .unstuck(let input):
      logger.notice("\(input.rawValue) released: it counts again")
    case .lightFault(let pad, let error):
      logger.error("cannot drive the \(pad.rawValue) LED: \(error)")
    case .motorFault(let error):
      logger.error("cannot drive the vibration motor: \(error)")
    case .match(let news):
      logger.info("\(news.logLine)")
    case .light, .tone, .haptic, .view, .gameEnded, .recorded, .settings, .scoresChanged:
      break  // Not in the stream (actsOn).
    }
  }
}
