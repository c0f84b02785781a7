import Logging
import SimonGame
import SimonHardware
import SimonSim

/// Acts on what the runner reports, in order: records games, persists settings, tells
/// the socket's clients and systemd, and logs faults once.
struct NoticeHandler: Sendable {
  let archive: GameArchive
  let simServer: SimCabinetServer?
  let notifier: SystemdNotifier
  let logger: Logger

  func handle(_ notices: AsyncStream<RunnerNotice>, runner: Runner<MonotonicClock>) async {
    for await notice in notices {
      switch notice {
      case .status(let status):
        notifier.status(status.summary)
      case .record(let result, let newBest):
        let json = archive.record(result, newBest: newBest)
        if let json { simServer?.publish(gameOver: json) }
      case .settingsChanged(let settings):
        archive.save(settings)
      case .codeEntered(let code):
        await runner.signIn(archive.player(withCode: code))
      case .stuck(let input):
        logger.warning("\(input.rawValue) held for 10 s: stuck, ignored until released")
      case .unstuck(let input):
        logger.notice("\(input.rawValue) released: it counts again")
      case .lightFault(let pad, let error):
        logger.error("cannot drive the \(pad.rawValue) LED: \(error)")
      }
    }
  }
}
