import SimonGame
import Synchronization

/// An in-process cabinet for tests: lights and speaker that record every output with
/// the time it happened, on the clock the test controls.
public final class MockCabinet: Lights, Speaker, Sendable {
  /// One recorded output.
  public enum Output: Equatable, Sendable {
    /// A pad's LED was driven.
    case light(Pad, on: Bool)
    /// A tone started.
    case tone(hertz: Double, volume: Int)
    /// The tone stopped.
    case silence
  }

  private let now: @Sendable () -> MonotonicInstant
  private let log = Mutex<[(at: MonotonicInstant, output: Output)]>([])
  private let failingLights = Mutex<Set<Pad>>([])

  /// A cabinet that stamps outputs with `clock`'s time.
  public init<C: Clock>(clock: C) where C.Instant == MonotonicInstant {
    now = { clock.now }
  }

  /// Every output so far, in order, with its time.
  public var outputs: [(at: MonotonicInstant, output: Output)] { log.withLock { $0 } }

  /// Which LEDs are on now.
  public var litPads: Set<Pad> {
    var lit: Set<Pad> = []
    for case .light(let pad, let on) in outputs.map(\.output) {
      if on { lit.insert(pad) } else { lit.remove(pad) }
    }
    return lit
  }

  /// The frequency sounding now, or nil.
  public var sounding: Double? {
    var hertz: Double?
    for entry in outputs {
      switch entry.output {
      case .tone(let started, _): hertz = started
      case .silence: hertz = nil
      default: break
      }
    }
    return hertz
  }

  /// Makes driving a pad's LED fail from now on, as a broken line would.
  public func breakLight(_ pad: Pad) { _ = failingLights.withLock { $0.insert(pad) } }

  /// Records the LED change, or throws for a light broken with `breakLight`.
  public func set(_ pad: Pad, on: Bool) throws {
    if failingLights.withLock({ $0.contains(pad) }) {
      throw HardwareError(.io, "mock LED of \(pad.rawValue) is broken")
    }
    append(.light(pad, on: on))
  }

  /// Records the tone.
  public func startTone(hertz: Double, volume: Int) { append(.tone(hertz: hertz, volume: volume)) }

  /// Records the silence.
  public func stopTone() { append(.silence) }

  private func append(_ output: Output) {
    let time = now()
    log.withLock { $0.append((time, output)) }
  }
}
