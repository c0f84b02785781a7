// Figures for the press path inside simond, from a release build (scripts/bench
// bench-press): the time from an edge handed over on the cabinet thread to its pad's LED
// driven, and to the thread being free again (the whole edge), through the real runner,
// debouncer, game and journal, at idle in free play (a start button wired: a pad lights
// while held), as the hardware-in-the-loop latency series presses it. The clock is manual,
// so the debounce and hold timers fire between presses exactly as in a cabinet, and
// nothing but the path itself is timed. It exits 1, saying why, when a press lights no LED.
//   bench-press [--presses N] [--smoke]
import ArgumentParser
import SimonDaemon
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonProcessSupport
import Synchronization

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-press",
    abstract: "Times the press path inside simond: an edge handed over to its lamp.")

  @Option(help: "The presses timed (after 100 that warm up).")
  var presses = 20_000
  @Flag(
    help:
      "A short run that shows it still works: 10 presses timed after 5 (--presses does not apply). Its figures are not worth reading."
  )
  var smoke = false

  func validate() throws { try BenchmarkFigures.requireCounts(["--presses": presses]) }
}
let options = Options.parseOrExit()
let presses = options.smoke ? 10 : options.presses
let warmUp = options.smoke ? 5 : 100

/// Inputs read on the cabinet thread, handed over as a GPIO cabinet hands them.
final class HandedInputs: CabinetThreadInputSource {
  let wired: Set<Input> = Set(Input.allCases)
  let thread: CabinetThread
  let broadcast = EdgeBroadcast()
  init(thread: CabinetThread) { self.thread = thread }
  func edges() -> AsyncStream<InputEdge> { broadcast.subscribe() }
  func deliver(to receiver: @escaping @Sendable ([InputEdge]) -> Void) {
    broadcast.deliver(to: receiver)
  }
}

/// LEDs that note when one was lit.
final class StampedLights: Lights {
  let litAt = Mutex<Int64?>(nil)
  func set(_ pad: Pad, on: Bool) {
    if on { litAt.withLock { $0 = MonotonicClock().now.nanoseconds } }
  }
}

/// A speaker that does nothing (the tone is handed to the audio thread after the LED).
final class QuietSpeaker: Speaker {
  func startTone(hertz: Double, volume: Int) {}
  func stopTone() {}
}

let thread: CabinetThread
do {
  thread = try CabinetThread()
} catch {
  BenchmarkFigures.fail("bench-press", "\(error)")
}
let clock = ManualClock()
let inputs = HandedInputs(thread: thread)
let lights = StampedLights()
let journal = Journal()
// A sink as the sockets' are: on the cabinet thread, it takes each entry as it comes.
let told = Mutex(0)
journal.watch { _ in told.withLock { $0 += 1 } }
let runner = Runner(
  game: Game(cabinet: Cabinet(hasStartButton: true)), lights: lights, speaker: QuietSpeaker(),
  clock: clock, thread: thread, journal: journal, archive: { _ in })
_ = runner.attach(inputs)
await runner.start()
await clock.settle()

var toLamp: [Double] = []
var whole: [Double] = []
toLamp.reserveCapacity(presses)
whole.reserveCapacity(presses)
for index in 0..<(warmUp + presses) {
  await clock.advance(by: .milliseconds(200))
  let pressedAt = clock.now
  let (handed, done) = await thread.perform {
    let began = MonotonicClock().now.nanoseconds
    inputs.broadcast.send([InputEdge(.green, pressed: true, at: pressedAt)])
    return (began, MonotonicClock().now.nanoseconds)
  }
  guard let lit = lights.litAt.withLock({ $0.take() }) else {
    BenchmarkFigures.fail("bench-press", "press \(index + 1) lit no LED")
  }
  if index >= warmUp {
    toLamp.append(Double(lit - handed) / 1000)
    whole.append(Double(done - handed) / 1000)
  }
  await clock.advance(by: .milliseconds(50))
  let releasedAt = clock.now
  await thread.perform {
    inputs.broadcast.send([InputEdge(.green, pressed: false, at: releasedAt)])
  }
}
await runner.shutdown()

func microseconds(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
func row(_ name: String, _ values: [Double]) -> String {
  let p50 = BenchmarkFigures.percentile(values, 0.5)
  let p99 = BenchmarkFigures.percentile(values, 0.99)
  return
    "  \(name): p50 \(microseconds(p50)) us, p99 \(microseconds(p99)) us, max \(microseconds(values.max() ?? 0)) us"
}
print("bench-press: \(presses) presses of a free-play pad, in-process, on the cabinet thread")
print(row("edge handed over -> LED driven     ", toLamp))
print(row("edge handed over -> thread free    ", whole))
print(
  "  \(told.withLock { $0 }) journal entries; no target: the press-to-LED target is held in the hardware-in-the-loop VM (scripts/hil-test latency), where this is part of the figure"
)
