import ServiceLifecycle
import SimonHardware

/// The game on the cabinet: starts the runner, tells systemd READY=1 (the group traps
/// SIGTERM by then), feeds the runner every input edge (on the cabinet thread itself
/// where the inputs are read there), and on graceful shutdown ends the game as
/// "shutdown" (its record goes to the journal), turns every lamp off and silences the
/// speaker.
struct RunnerService: Service {
  /// How the runner gets its edges.
  enum Feed {
    /// The inputs are read on the runner's own thread and hand it each edge there.
    case attached
    /// A stream of the inputs' edges, taken when the service was made.
    case stream(AsyncStream<InputEdge>)

    /// Attaches the runner to inputs read on its thread, or takes their edges' stream now,
    /// so that no edge between start-up and the service's start is lost.
    init(_ inputs: any InputSource, runner: Runner) {
      if let direct = inputs as? any CabinetThreadInputSource, runner.attach(direct) {
        self = .attached
      } else {
        self = .stream(inputs.edges())
      }
    }
  }

  let context: CabinetContext
  let feed: Feed
  /// What to log once ready.
  let ready: String

  func run() async throws {
    let runner = context.runner
    await runner.start()
    context.notifier.ready(status: await runner.status.summary)
    context.logger.info("\(ready)")
    switch feed {
    case .attached:
      try? await gracefulShutdown()
    case .stream(let edges):
      await cancelWhenGracefulShutdown { await runner.consume(edges) }
    }
    // The inputs may end first (a backend without any): the game still runs on its timers.
    try? await gracefulShutdown()
    context.logger.info("stopping: recording the game in progress, lamps off")
    context.notifier.stopping()
    await runner.shutdown()
  }
}
