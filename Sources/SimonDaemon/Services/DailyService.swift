import FoundationEssentials
import ServiceLifecycle
import SimonGame
import SimonPOSIX

/// Tells the runner the cabinet's local date every `interval` (`Runner.setDate`), for the
/// day's challenge: a new day is seen within `interval` of midnight, and a clock set at
/// boot (NTP on a Pi, which has no battery clock) within `interval` of being set.
struct DailyService: Service {
  let runner: Runner
  /// How often the date is read.
  static let interval = Duration.seconds(30)
  /// The wall clock's seconds since 1970.
  var now: @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }

  func run() async throws {
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        await runner.setDate(POSIX.localTime(epochSeconds: now()).isoDate)
        try? await Task.sleep(for: Self.interval)
      }
    }
  }
}
