import ServiceLifecycle
import SimonSystemd

/// Tells systemd the daemon is alive at half of `WATCHDOG_USEC` (`WatchdogSec=`); waits
/// without waking when no watchdog is asked for.
struct WatchdogService: Service {
  let notifier: SystemdNotifier

  func run() async throws {
    guard let interval = notifier.watchdogInterval else {
      try? await gracefulShutdown()
      return
    }
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        notifier.watchdog()
        try? await Task.sleep(for: interval)
      }
    }
  }
}
