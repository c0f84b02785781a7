// Figures for head-to-head matches (scripts/bench bench-match): two real cabinets (simond
// with the simulated cabinet, each with its simon-venue bridge) and Debian's Mosquitto on
// a loopback port. M matches: cab-a challenges cab-b, a press at cab-b accepts, and both
// games start at the instant cab-b's bridge picked. Figures: the start skew between the
// two cabinets (each one's first countdown state, its `t` on the one monotonic clock of
// this machine; target: within 50 ms, p99), and the time from the accepting press to the
// start (the bridges' lead, 1.5 s, plus what carrying the answer took). Each game then
// ends at its first turn, by a wrong pad. It exits 1, saying why, when a match does not
// start or end.
//   bench-match [--matches M] [--smoke]
import ArgumentParser
import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-match",
    abstract: "Times the start of head-to-head matches between two cabinets over Mosquitto.")

  @Option(help: "The matches played one after another.")
  var matches = 50
  @Flag(
    help:
      "A short run that shows it still works: 2 matches (the count above does not apply). Its figures are not worth reading."
  )
  var smoke = false

  func validate() throws {
    try BenchmarkFigures.requireCounts(["--matches": matches])
  }
}
let options = Options.parseOrExit()
let matchCount = options.smoke ? 2 : options.matches

guard BrokerProcess.isInstalled else {
  BenchmarkFigures.fail("bench-match", "needs Debian's mosquitto (scripts/install-deps)")
}

func fail(_ why: String) -> Never { BenchmarkFigures.fail("bench-match", why) }

func milliseconds(_ values: [Double], _ p: Double) -> String {
  String(format: "%.1f", BenchmarkFigures.percentile(values, p))
}

print(
  "bench-match: two cabinets (simond --hardware sim, simon-venue) and mosquitto on loopback, \(matchCount) matches"
)
/// Plays the matches and prints the figures; top-level code is the main actor's, and the
/// waits' closures run off it.
nonisolated func measure() async throws {
  let broker = try await BrokerProcess()
  let cabinets = [try await DaemonProcess(), try await DaemonProcess()]
  let bridges = try ["cab-a", "cab-b"].enumerated().map { index, id in
    try BridgeProcess(cabinet: id, broker: broker, controlSocket: cabinets[index].controlPath)
  }
  let controls = try cabinets.map { try ControlTestClient(path: $0.controlPath) }
  let pads = try cabinets.map { try $0.connect() }
  let ready = await eventually(timeout: 30) {
    bridges.allSatisfy {
      $0.log.contains("following simond") && $0.log.contains("connected to the broker")
    }
  }
  guard ready else { fail("the bridges did not start:\n\(bridges.map(\.log).joined())") }

  var skews: [Double] = []
  var leads: [Double] = []
  for number in 1...matchCount {
    let marks = controls.map(\.count)
    let padMarks = pads.map(\.count)
    // A cabinet that just ended a game shows its razz, and declines until it is over:
    // challenged again then.
    var match: String?
    for _ in 0..<50 where match == nil {
      let mark = controls[1].count
      if case .ok(_, let result) = try await controls[0].ask(.matchChallenge(cabinet: "cab-b")),
        let id = result.match,
        await controls[1].waitFor(
          from: mark,
          {
            if case .state(let view, _) = $0 { view.headToHead?.state == .offered } else { false }
          }, timeout: 20) != nil
      {
        match = id
      } else {
        // Declined (cab-a is free again at once), or cab-a not free yet.
        await pause(for: .milliseconds(300))
      }
    }
    guard let match else { fail("match \(number): cab-b was never offered it") }
    let accepted = MonotonicNanoseconds.now
    await pads[1].tap(.green)
    var starts: [Int64] = []
    for (control, mark) in zip(controls, marks) {
      guard let index = await control.waitForState(.countdown, from: mark, timeout: 20),
        let t = control.messages[index].time
      else { fail("match \(number) (\(match)): a cabinet never started") }
      starts.append(t)
    }
    skews.append(Double(abs(starts[0] - starts[1])) / 1e6)
    leads.append(Double(starts.max()! - accepted) / 1e6)
    // Each ends its game at its first turn with a wrong pad; both record the match.
    for (cabinet, mark) in zip(pads, padMarks) {
      guard let simon = await cabinet.waitForState(.simon, from: mark, timeout: 20),
        let player = await cabinet.waitForState(.player, from: simon, timeout: 20)
      else { fail("match \(number): no first turn") }
      let shown = cabinet.signals(from: simon, to: player).map(\.pad)
      await cabinet.tap(Input(Pad.allCases.first { $0 != shown.first }!))
    }
    for (index, control) in controls.enumerated() {
      guard
        await control.waitFor(
          from: marks[index],
          { if case .match(.decided(match, _, _), _) = $0 { true } else { false } },
          timeout: 20) != nil
      else { fail("match \(number) (\(match)): cabinet \(index) never decided it") }
    }
  }
  print("")
  print("figure                              p50       p99       max    (ms)")
  print(
    "start skew between the cabinets  \(milliseconds(skews, 0.5).leftPadded(6))    \(milliseconds(skews, 0.99).leftPadded(6))    \(milliseconds(skews, 1).leftPadded(6))   target p99 <= 50"
  )
  print(
    "accepting press to the start     \(milliseconds(leads, 0.5).leftPadded(6))    \(milliseconds(leads, 0.99).leftPadded(6))    \(milliseconds(leads, 1).leftPadded(6))   the bridges' lead is 1500"
  )
  withExtendedLifetime((broker, cabinets, bridges)) {}
}

do {
  try await measure()
} catch {
  fail("\(error)")
}

extension String {
  func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

/// CLOCK_MONOTONIC in nanoseconds: the clock of the control socket's `t`.
enum MonotonicNanoseconds {
  static var now: Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
  }
}
