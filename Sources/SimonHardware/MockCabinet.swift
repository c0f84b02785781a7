import SimonGame
import SimonPOSIX
import Synchronization

/// An in-process cabinet for tests: lights, speaker and motor that record every output with
/// the time it happened, on the clock the test controls, and inputs a test presses,
/// releases and bounces, read on a cabinet thread as a GPIO cabinet's are (with levels
/// that can change without an edge, as when the kernel loses one).
public final class MockCabinet: Lights, Speaker, HapticMotor, LevelInputSource,
  CabinetThreadInputSource, Sendable
{
  /// One recorded output.
  public enum Output: Equatable, Sendable {
    /// A pad's LED was driven.
    case light(Pad, on: Bool)
    /// A tone started.
    case tone(hertz: Double, volume: Int)
    /// The tone stopped.
    case silence
    /// The vibration motor was turned on or off.
    case haptic(on: Bool)
  }

  /// Every input: the pads and every control.
  public let wired: Set<Input>
  /// The thread its inputs are read on.
  public let thread: CabinetThread

  private let now: @Sendable () -> MonotonicInstant
  private let log = Mutex<[(at: MonotonicInstant, output: Output)]>([])
  private let failingLights = Mutex<Set<Pad>>([])
  private let failingMotor = Mutex(false)
  private let broadcast = EdgeBroadcast()
  private let levels = Mutex<[Input: Bool]>([:])

  /// A cabinet that stamps outputs and edges with `clock`'s time and hands its edges over
  /// on `thread`.
  public init<C: Clock>(clock: C, thread: CabinetThread) where C.Instant == MonotonicInstant {
    now = { clock.now }
    self.thread = thread
    wired = Set(Input.allCases)
  }

  // MARK: Inputs

  /// Every edge from now on (see `InputSource`).
  public func edges() -> AsyncStream<InputEdge> { broadcast.subscribe() }

  /// Hands every edge from now on to `receiver` on the cabinet thread.
  public func deliver(to receiver: @escaping @Sendable ([InputEdge]) -> Void) {
    broadcast.deliver(to: receiver)
  }

  /// The input's level now: where the last edge, or `changeLevelLosingTheEdge`, left it.
  public func isActive(_ input: Input) -> Bool? { levels.withLock { $0[input] ?? false } }

  /// Presses an input now: its level goes down and the edge is handed over on the cabinet
  /// thread; returns once it was.
  public func press(_ input: Input) async { await edges([(input, true)]) }

  /// Releases an input now (see `press`).
  public func release(_ input: Input) async { await edges([(input, false)]) }

  /// Hands over edges made now, in order, as one read, each moving the input's level
  /// (a switch's bounce: `[(.red, true), (.red, false), (.red, true)]`).
  public func edges(_ changes: [(Input, pressed: Bool)]) async {
    let time = now()
    levels.withLock { levels in
      for (input, pressed) in changes { levels[input] = pressed }
    }
    let edges = changes.map { InputEdge($0.0, pressed: $0.pressed, at: time) }
    await thread.perform { [broadcast] in broadcast.send(edges) }
  }

  /// Moves an input's level without an edge, as when the kernel loses one.
  public func changeLevelLosingTheEdge(_ input: Input, pressed: Bool) {
    levels.withLock { $0[input] = pressed }
  }

  /// Ends the edge streams; nothing is handed over any more.
  public func close() { broadcast.finish() }

  // MARK: Outputs

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

  /// Makes driving the motor fail (or work again), as a broken line would.
  public func breakMotor(_ broken: Bool = true) { failingMotor.withLock { $0 = broken } }

  /// Records the motor's change, or throws while it is broken (`breakMotor`).
  public func setMotor(on: Bool) throws {
    if failingMotor.withLock({ $0 }) { throw HardwareError(.io, "mock motor is broken") }
    append(.haptic(on: on))
  }

  private func append(_ output: Output) {
    let time = now()
    log.withLock { $0.append((time, output)) }
  }
}
