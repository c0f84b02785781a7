import ServiceLifecycle
import Synchronization
import UnixSignals

/// SIGTERM, SIGINT and SIGHUP trapped from the first instant of the process, so that each
/// does its documented thing at any moment of start-up: a stop before the services run
/// ends the start (exit 0, nothing half-made left behind) or, once they run, shuts them
/// down gracefully; a reload asked for during start-up happens once the reload service
/// runs.
public final class SignalTraps: Sendable {
  private struct State {
    var stop: UnixSignal?
    var group: ServiceGroup?
  }

  private let state = Mutex(State())
  /// SIGHUP, buffered until the reload service reads it.
  let reloads: UnixSignalsSequence

  /// Traps the three signals now; call it first thing in `main`.
  public static func trap() async -> SignalTraps {
    let stops = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    let reloads = await UnixSignalsSequence(trapping: .sighup)
    let traps = SignalTraps(reloads: reloads)
    Task { [traps] in
      for await signal in stops { await traps.stopRequested(by: signal) }
    }
    return traps
  }

  private init(reloads: UnixSignalsSequence) { self.reloads = reloads }

  /// The stop signal received, if any.
  var stop: UnixSignal? { state.withLock { $0.stop } }

  /// Hands stops on to the running services from now on (at once, for one already
  /// received).
  func attach(_ group: ServiceGroup) async {
    let already = state.withLock { state -> Bool in
      state.group = group
      return state.stop != nil
    }
    if already { await group.triggerGracefulShutdown() }
  }

  private func stopRequested(by signal: UnixSignal) async {
    let group = state.withLock { state -> ServiceGroup? in
      if state.stop == nil { state.stop = signal }
      return state.group
    }
    await group?.triggerGracefulShutdown()
  }
}
