import Logging
import SimonHardware
import SimonPOSIX
import Synchronization

@testable import SimonAudio

/// Runs an `AudioEngine` as its audio thread would, on a manual clock, in the test's own
/// task: each wait the engine asks for is carried out by moving the clock (to the wait's
/// deadline, or to when the device has room), so nothing sleeps and every run is the same.
final class EngineDriver {
  /// Why a run gave up.
  struct Stuck: Error, CustomStringConvertible {
    /// What was expected.
    var description: String
  }

  /// The clock the engine reads; it moves only when the driver waits.
  let clock: ManualClock
  /// The engine driven.
  let engine: AudioEngine
  /// What the engine logged.
  let log = LogRecord()
  /// Where the clock stood when the driver was made.
  let start: MonotonicInstant
  private let card: FakeDevice?
  private let onsetRecord = OnsetRecord()

  /// A driver for an engine opening its devices with `opener`; `card`, when given, is the
  /// fake card behind it, whose room the waits follow.
  init(
    configuration: ALSASpeaker.Configuration, opener: any PCMOpener,
    clock: ManualClock = ManualClock(sleepersWhenIdle: 0), card: FakeDevice? = nil
  ) {
    self.clock = clock
    self.card = card
    start = clock.now
    let onsetRecord = onsetRecord
    engine = AudioEngine(
      configuration: configuration, opener: opener, clock: clock, logger: log.logger(),
      onOnset: { latency in onsetRecord.list.withLock { $0.append(latency) } })
  }

  /// A driver for an engine on a fake card of its own (`device`).
  convenience init(retryInterval: Duration = .milliseconds(5), holdOpen: Duration = .zero) {
    let clock = ManualClock(sleepersWhenIdle: 0)
    let card = FakeDevice(clock: clock)
    self.init(
      configuration: .init(device: "fake", holdOpen: holdOpen, retryInterval: retryInterval),
      opener: card, clock: clock, card: card)
  }

  /// The fake card (for a driver made with one).
  var device: FakeDevice {
    guard let card else { preconditionFailure("this driver runs a real device") }
    return card
  }

  /// The time since the driver was made.
  var elapsed: Duration { start.duration(to: clock.now) }

  /// Each tone's onset latency: from its command to its first frames written.
  var onsets: [Duration] { onsetRecord.list.withLock { $0 } }

  /// What the engine reports.
  var status: SpeakerStatus { engine.status }

  /// Asks for a held tone now.
  func startTone(hertz: Double, volume: Int) {
    engine.apply(.start(hertz: hertz, volume: volume, duration: nil, requested: clock.now))
  }

  /// Asks for a tone of a set length now.
  func playTone(hertz: Double, volume: Int, duration: Duration) {
    engine.apply(.start(hertz: hertz, volume: volume, duration: duration, requested: clock.now))
  }

  /// Releases the tone now.
  func stopTone() { engine.apply(.stop) }

  /// Asks the engine to shut down now.
  func shutdown() { engine.apply(.shutdown) }

  /// Steps the engine until it waits for a command with no deadline (idle) or has
  /// finished; returns the waits it asked for on the way (`.none` left out).
  /// - Throws: `Stuck` when it is not idle within `limit` of clock time.
  @discardableResult
  func runUntilIdle(limit: Duration = .seconds(60)) async throws -> [AudioWait] {
    let waits = try await run(until: clock.now.advanced(by: limit), stopWhenIdle: true)
    guard let last = waits.last, last == .command || last == .finished else {
      throw Stuck(description: "the engine was not idle within \(limit): \(waits.suffix(5))")
    }
    return waits
  }

  /// Steps the engine, carrying out its waits, until `duration` has passed on the clock;
  /// returns the waits it asked for (`.none` left out).
  @discardableResult
  func run(for duration: Duration) async throws -> [AudioWait] {
    try await run(until: clock.now.advanced(by: duration), stopWhenIdle: false)
  }

  private func run(until target: MonotonicInstant, stopWhenIdle: Bool) async throws
    -> [AudioWait]
  {
    var waits: [AudioWait] = []
    for _ in 0..<1_000_000 {
      let wait = engine.step()
      if wait != .none { waits.append(wait) }
      let wake: MonotonicInstant?
      switch wait {
      case .none: continue
      case .finished: return waits
      case .command:
        if stopWhenIdle { return waits }
        wake = nil
      case .commandOr(let deadline): wake = deadline
      case .roomOrCommand(let deadline): wake = min(deadline, card?.roomAt ?? deadline)
      }
      guard let wake, wake <= target else {
        await clock.advance(to: target)
        return waits
      }
      await clock.advance(to: wake)
    }
    throw Stuck(description: "the engine took a million steps: \(waits.suffix(5))")
  }

  private final class OnsetRecord: Sendable {
    let list = Mutex<[Duration]>([])
  }
}
