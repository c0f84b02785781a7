import ServiceLifecycle
import SimonHardware

/// The game on the cabinet: starts the runner, tells systemd READY=1 (the group traps
/// SIGTERM by then), feeds the runner every input edge (on the cabinet thread itself
/// where the inputs are read there), and on graceful shutdown ends the game as
/// "shutdown" (its record goes to the journal), turns every lamp off and silences the
/// speaker.
struct RunnerService: Service {
  let context: CabinetContext
  let inputs: any InputSource
  /// What to log once ready.
  let ready: String

  func run() async throws {
    let runner = context.runner
    await runner.start()
    context.notifier.ready(status: await runner.status.summary)
    context.logger.info("\(ready)")
    if let direct = inputs as? any CabinetThreadInputSource, runner.attach(direct) {
      try? await gracefulShutdown()
    } else {
      let edges = inputs.edges()
      await cancelWhenGracefulShutdown { await runner.consume(edges) }
    }
    // The inputs may end first (a backend without any): the game still runs on its timers.
    try? await gracefulShutdown()
    context.logger.info("stopping: recording the game in progress, lamps off")
    context.notifier.stopping()
    await runner.shutdown()
  }
}
