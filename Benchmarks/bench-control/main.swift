// Figures for the control socket, from a release build (scripts/bench bench-control):
// how long an event takes from the runner (the lamp driven, the state changed: the
// event's `t`) to a line read by each of several clients, while the simulated cabinet
// plays whole games. It exits 1, saying why, when a game or a client's line fails to come.
//   bench-control [--clients N] [--games N] [--rounds N] [--smoke]
import ArgumentParser
import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-control",
    abstract: "Times an event from simond's runner to a line read by each control client.")

  @Option(help: "The control clients reading at once.")
  var clients = 10
  @Option(help: "The games the simulated cabinet plays.")
  var games = 3
  @Option(help: "The rounds of each game.")
  var rounds = 4
  @Flag(
    help:
      "A short run that shows it still works: 2 clients, 1 game of 1 round (the counts above do not apply). Its figures are not worth reading."
  )
  var smoke = false

  func validate() throws {
    try BenchmarkFigures.requireCounts(["--clients": clients, "--games": games, "--rounds": rounds])
  }
}
let options = Options.parseOrExit()
let clientCount = options.smoke ? 2 : options.clients
let games = options.smoke ? 1 : options.games
let rounds = options.smoke ? 1 : options.rounds

func percentile(_ values: [Double], _ p: Double) -> Double {
  BenchmarkFigures.percentile(values, p)
}

func row(_ name: String, _ values: [Double]) -> String {
  let cells = [
    "\(values.count)", "\(Int(percentile(values, 0.5)))", "\(Int(percentile(values, 0.99)))",
    "\(Int(values.max() ?? .nan))",
  ]
  return name.padding(toLength: 24, withPad: " ", startingAt: 0)
    + cells.map { String(repeating: " ", count: max(0, 10 - $0.count)) + $0 }.joined()
}

print(
  "bench-control: the release simond with --hardware sim --audio none, \(clientCount) control clients, \(games) games of \(rounds) rounds"
)
// A failure ends the run with what went wrong, the programs it started stopped
// (BenchmarkFigures.fail).
do {
  let daemon = try await DaemonProcess()
  let clients = try (0..<clientCount).map { _ in try ControlTestClient(path: daemon.controlPath) }
  let cabinet = try daemon.connect()
  // Where each client's next game over is looked for: past the one before.
  var next = [Int](repeating: 0, count: clientCount)
  for game in 1...games {
    try await cabinet.playGame(rounds: rounds)
    for (index, client) in clients.enumerated() {
      let over = await client.waitFor(
        from: next[index], { if case .gameOver = $0 { true } else { false } }, timeout: 10)
      guard let over else {
        throw E2EError("control client \(index + 1) got no game over for game \(game) within 10 s")
      }
      next[index] = over + 1
    }
  }

  var lamps: [Double] = []
  var states: [Double] = []
  for client in clients {
    for (message, arrived) in client.received {
      switch message {
      case .led(_, _, let t): lamps.append(Double(arrived - t) / 1000)
      case .state(_, let t): states.append(Double(arrived - t) / 1000)
      default: break
      }
    }
  }
  guard !lamps.isEmpty, !states.isEmpty else {
    throw E2EError("the clients read \(lamps.count) lamp and \(states.count) state lines")
  }
  print("  runner -> client line      events  p50 (us)  p99 (us)  max (us)")
  print(row("  lamp (led)", lamps))
  print(row("  state", states))
  let all = lamps + states
  print(
    "  every event, \(clientCount) clients: p50 \(Int(percentile(all, 0.5))) us, p99 \(Int(percentile(all, 0.99))) us (target: p99 under 5000 us, a frame at 200 Hz)"
  )
  daemon.signal(SIGTERM)
  _ = await daemon.waitForExit(timeout: 2)
} catch {
  BenchmarkFigures.fail("bench-control", "\(error)")
}
