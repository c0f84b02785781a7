// Figures for the daemon, from a release build (scripts/bench bench-simond):
// startup to READY, memory and CPU while idle, and how exactly Simon's signals keep
// the on-times of docs/design.md section 2 as seen on the simulated cabinet's socket.
// It exits 1, saying why, when simond does not start or its game does not go on.
//   bench-simond [--idle-seconds N] [--rounds N] [--smoke]
import ArgumentParser
import Foundation
import SimonGame
import SimonProcessSupport
import SimonSim

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-simond",
    abstract: "Times simond's start, its idle memory and CPU, and its signals' on-times.")

  @Option(help: "How long simond is watched while idle, in seconds.")
  var idleSeconds = 30
  @Option(help: "The rounds of the game whose signals are timed.")
  var rounds = 12
  @Flag(
    help:
      "A short run that shows it still works: 2 starts, 1 s to settle and 2 s idle, 2 rounds, 5 sleeps of the host's floor (the counts above do not apply). Its figures are not worth reading."
  )
  var smoke = false

  func validate() throws {
    try BenchmarkFigures.requireCounts(["--idle-seconds": idleSeconds, "--rounds": rounds])
  }
}
let options = Options.parseOrExit()
let idleSeconds = options.smoke ? 2 : options.idleSeconds
let rounds = options.smoke ? 2 : options.rounds
let starts = options.smoke ? 2 : 15
let settleSeconds = options.smoke ? 1 : 6
let floorSleeps = options.smoke ? 5 : 60

func percentile(_ values: [Double], _ p: Double) -> Double {
  BenchmarkFigures.percentile(values, p)
}

func format(_ value: Double, _ digits: Int = 2) -> String {
  let scale = pow(10.0, Double(digits))
  return "\((value * scale).rounded() / scale)"
}

/// Field `name` of /proc/PID/status, in kB.
func statusField(_ pid: Int32, _ name: String) -> Int {
  let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
  }
  return 0
}

/// utime + stime of a process, in clock ticks.
func cpuTicks(_ pid: Int32) -> Int {
  let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
  guard let close = text.lastIndex(of: ")") else { return 0 }
  let fields = text[text.index(after: close)...].split(separator: " ")
  return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
}

/// Voluntary plus involuntary context switches of each thread of a process, by thread id
/// and name (/proc/PID/task/TID/status).
func contextSwitches(_ pid: Int32) -> [String: (name: String, switches: Int)] {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
  var switches: [String: (name: String, switches: Int)] = [:]
  for task in tasks {
    let text =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
    var entry = (name: "", switches: 0)
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let value = parts[1].trimmingCharacters(in: .whitespaces)
      if parts[0] == "Name" { entry.name = value }
      if parts[0].hasSuffix("ctxt_switches") { entry.switches += Int(value) ?? 0 }
    }
    switches[task] = entry
  }
  return switches
}

print("bench-simond: the release simond with --hardware sim --audio none")

// A failure ends the run with what went wrong, the programs it started stopped
// (BenchmarkFigures.fail).
do {
  // 1. Startup to READY=1.
  var startups: [Double] = []
  for _ in 0..<starts {
    let began = Date()
    let daemon = try await DaemonProcess()
    guard let ready = daemon.notify.all.first(where: { $0.text.contains("READY=1") }) else {
      throw E2EError("READY=1 is not among what simond told: \(daemon.notify.all.map(\.text))")
    }
    startups.append(ready.at.timeIntervalSince(began) * 1000)
    daemon.signal(SIGTERM)
    _ = await daemon.waitForExit(timeout: 2)
  }
  print(
    "startup to READY: p50 \(format(percentile(startups, 0.5))) ms, max \(format(startups.max() ?? .nan)) ms over \(startups.count) starts (target < 100 ms)"
  )

  // 2. Idle: memory, CPU and wake-ups.
  let daemon = try await DaemonProcess()
  let pid = daemon.process.processID
  let client = try daemon.connect()
  guard await client.waitForState(.idle) != nil else {
    throw E2EError("simond's cabinet did not say it is idle within 10 s")
  }
  // Long enough for the thread pool's workers, busy during start-up, to retire.
  try await Task.sleep(for: .seconds(settleSeconds))
  let rss = statusField(pid, "VmRSS")
  let anonymous = statusField(pid, "RssAnon")
  let fileBacked = statusField(pid, "RssFile")
  let before = cpuTicks(pid)
  let switchesBefore = contextSwitches(pid)
  try await Task.sleep(for: .seconds(idleSeconds))
  let after = cpuTicks(pid)
  let switchesAfter = contextSwitches(pid)
  print("RSS when idle: \(format(Double(rss) / 1024, 1)) MB (target < 12 MB)")
  // The file-backed part is the binary's pages, shared with the page cache and dropped
  // under memory pressure; the anonymous part is what simond itself holds.
  print(
    "  of which anonymous \(format(Double(anonymous) / 1024, 1)) MB, file-backed \(format(Double(fileBacked) / 1024, 1)) MB (the binary's pages: clean, shared, reclaimable)"
  )
  print(
    "CPU over \(idleSeconds) s idle: \(after - before) ticks of 1/\(sysconf(Int32(_SC_CLK_TCK))) s (target 0)"
  )
  // libdispatch's manager thread (its name ends in "overcommit") runs the worker pool's
  // monitor, a 1 s timer that libdispatch arms on Linux once the pool has had a worker:
  // counted apart, as no code of simond's can stop it.
  var switched = (own: 0, manager: 0)
  for (task, after) in switchesAfter {
    let count = after.switches - (switchesBefore[task]?.switches ?? 0)
    if after.name.hasSuffix("overcommit") {
      switched.manager += count
    } else {
      switched.own += count
    }
  }
  let retired = Set(switchesBefore.keys).subtracting(switchesAfter.keys).count
  print(
    "context switches over \(idleSeconds) s idle: \(switched.own) in simond's threads and the pool's (target at most \(idleSeconds / 2)), \(switched.manager) in libdispatch's manager (its 1 s pool monitor); threads \(switchesBefore.count) -> \(switchesAfter.count), \(retired) ended meanwhile"
  )

  // 3. Signal on-times on the socket against docs/design.md section 2.
  await client.tap(.green)
  var errors: [Double] = []
  var worst = (error: 0.0, round: 0, position: 0, seen: 0.0)
  var next = 0
  for round in 1...rounds {
    guard let simon = await client.waitForState(.simon, from: next),
      let player = await client.waitForState(.player, from: simon)
    else {
      throw E2EError(
        "no turn of Simon's then the player's in round \(round); the cabinet said:\n\(client.transcript())"
      )
    }
    let signals = client.signals(from: simon, to: player)
    for (offset, signal) in signals.enumerated() {
      let expected = Timings(.medium).signalOn(position: offset + 1).seconds * 1000
      errors.append(abs(signal.onMs - expected))
      if errors.last! > worst.error {
        worst = (errors.last!, round, offset + 1, signal.onMs)
      }
    }
    for signal in signals {
      try await Task.sleep(for: .seconds(0.03))
      await client.tap(Input(signal.pad), hold: 0.125)
    }
    next = player + 1
  }
  print(
    "signal on-time error: p50 \(format(percentile(errors, 0.5), 3)) ms, p99 \(format(percentile(errors, 0.99), 3)) ms, max \(format(errors.max() ?? .nan, 3)) ms over \(errors.count) signals (target p99 < 2 ms)"
  )
  print(
    "  worst: round \(worst.round), signal \(worst.position): \(format(worst.seen, 3)) ms; load average \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")"
  )

  // 4. The host's own floor: how late a bare nanosleep of a signal's length wakes here. An
  // on-time error cannot be smaller than the wake-ups the kernel gives this machine.
  var lateWakes: [Double] = []
  for _ in 0..<floorSleeps {
    var started = timespec()
    clock_gettime(CLOCK_MONOTONIC, &started)
    var nap = timespec(tv_sec: 0, tv_nsec: 100_000_000)
    nanosleep(&nap, nil)
    var woke = timespec()
    clock_gettime(CLOCK_MONOTONIC, &woke)
    let slept =
      Double(woke.tv_sec - started.tv_sec) * 1000 + Double(woke.tv_nsec - started.tv_nsec) / 1e6
    lateWakes.append(slept - 100)
  }
  print(
    "  host floor: a bare 100 ms nanosleep wakes late by p50 \(format(percentile(lateWakes, 0.5), 3)) ms, p99 \(format(percentile(lateWakes, 0.99), 3)) ms, max \(format(lateWakes.max() ?? .nan, 3)) ms over \(lateWakes.count) sleeps"
  )
  daemon.signal(SIGTERM)
  _ = await daemon.waitForExit(timeout: 2)
} catch {
  BenchmarkFigures.fail("bench-simond", "\(error)")
}
