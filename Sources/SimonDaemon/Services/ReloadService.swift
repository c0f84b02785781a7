import ServiceLifecycle
import UnixSignals

/// SIGHUP (`systemctl reload`): rereads the configuration, the settings and the bests;
/// systemd hears RELOADING=1 then READY=1.
struct ReloadService: Service {
  let context: CabinetContext
  /// SIGHUP, trapped before READY=1 so that a reload asked for at once is not fatal.
  let signals: UnixSignalsSequence

  func run() async throws {
    await cancelWhenGracefulShutdown {
      for await _ in signals {
        context.notifier.reloading()
        _ = try? await context.reload()
        context.notifier.ready(status: await context.runner.status.summary)
      }
    }
  }
}
