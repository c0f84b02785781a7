// A soak of the daemon, from a release build (scripts/bench bench-soak): games played
// one after another for minutes through the simulated cabinet, with control clients
// watching (one of them reconnecting now and then); simond's resident memory and open
// descriptors sampled all along. Target: RSS grows less than 1 MB after the warm-up (the
// first fifth), descriptors stay flat. It exits 1, saying why, when a game does not go on.
//   bench-soak [--minutes N] [--sample-seconds N] [--smoke]
import ArgumentParser
import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-soak",
    abstract: "Plays games for minutes; samples simond's memory and descriptors all along.")

  @Option(help: "How long the games go on.")
  var minutes = 15
  @Option(help: "The time between two samples, in seconds.")
  var sampleSeconds = 10
  @Flag(
    help:
      "A short run that shows it still works: 10 s of games of 0 or 1 round (not 0 to 4), a sample every 2 s, the cabinet reconnecting every other game, not every tenth (the options above do not apply). Its figures are not worth reading."
  )
  var smoke = false

  func validate() throws {
    try BenchmarkFigures.requireCounts(["--minutes": minutes, "--sample-seconds": sampleSeconds])
  }
}
let options = Options.parseOrExit()
/// How long the games go on, in seconds.
let seconds = options.smoke ? 10 : options.minutes * 60
let sampleSeconds = options.smoke ? 2 : options.sampleSeconds
/// The games between two reconnections of the cabinet client (and a screen's visit).
let reconnectEvery = options.smoke ? 2 : 10
/// The rounds a game may last (each game picks its own).
let rounds = options.smoke ? 0...1 : 0...4

/// Field `name` of /proc/PID/status, in kB.
func statusField(_ pid: Int32, _ name: String) -> Int {
  let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
  }
  return 0
}

func descriptors(_ pid: Int32) -> Int {
  ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
}

let length = seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
print("bench-soak: the release simond with --hardware sim --audio none, \(length) of games")

// A failure ends the run with what went wrong, the programs it started stopped
// (BenchmarkFigures.fail).
do {
  let daemon = try await DaemonProcess()
  let pid = daemon.process.processID
  let watchers = try (0..<3).map { _ in try ControlTestClient(path: daemon.controlPath) }
  var samples: [(seconds: Double, rssKB: Int, fds: Int)] = []
  let start = Date()
  var nextSample = start
  var games = 0
  var cabinet = try daemon.connect()
  while Date().timeIntervalSince(start) < Double(seconds) {
    try await cabinet.playGame(rounds: Int.random(in: rounds))
    games += 1
    if games % reconnectEvery == 0 {
      // A screen that comes and goes, and a cabinet client that reconnects.
      _ = try ControlTestClient(path: daemon.controlPath)
      cabinet.hangUp()
      cabinet = try daemon.connect()
    }
    if Date() >= nextSample {
      samples.append((Date().timeIntervalSince(start), statusField(pid, "VmRSS"), descriptors(pid)))
      nextSample = nextSample.addingTimeInterval(Double(sampleSeconds))
    }
  }
  samples.append((Date().timeIntervalSince(start), statusField(pid, "VmRSS"), descriptors(pid)))
  _ = watchers

  let warm = samples.first { $0.seconds >= Double(seconds) / 5 } ?? samples[0]
  let last = samples[samples.count - 1]
  let growth = last.rssKB - warm.rssKB
  let fds = samples.filter { $0.seconds >= warm.seconds }.map(\.fds)
  print("  games played                \(games)")
  print("  RSS at start / warm / end   \(samples[0].rssKB) / \(warm.rssKB) / \(last.rssKB) kB")
  print("  RSS peak                    \(samples.map(\.rssKB).max() ?? 0) kB")
  print("  descriptors after warm-up   \(fds.min() ?? 0) to \(fds.max() ?? 0)")
  print(
    "  RSS growth after warm-up: \(growth) kB (target: under 1024 kB): \(growth < 1024 ? "met" : "NOT met"); descriptors \((fds.max() ?? 0) == (fds.min() ?? 0) ? "flat: met" : "NOT flat")"
  )
  daemon.signal(SIGTERM)
  _ = await daemon.waitForExit(timeout: 2)
} catch {
  BenchmarkFigures.fail("bench-soak", "\(error)")
}
