import Foundation
import ScoresTestSupport
import SimonProcessSupport
import Testing

/// A test program interrupted in the middle leaves nothing behind: the processes it
/// started are stopped and its scratch directories removed (`TestCleanup`). Proved on a
/// second copy of this very test program, ended by a signal.
@Suite("What an interrupted test program leaves", .serialized)
struct TestCleanupEndToEndTests {
  /// Where the probe below writes what it started; set only for the copy this suite runs.
  static let probeVariable = "SIMON_CLEANUP_PROBE"
  /// Set only for the copy that signals itself as soon as its clean-up is installed.
  static let instantVariable = "SIMON_CLEANUP_INSTANT"

  @Test(
    "(helper) starts a process and a scratch directory, then waits to be interrupted",
    .enabled(if: ProcessInfo.processInfo.environment[probeVariable] != nil))
  func probeWaitsToBeInterrupted() async throws {
    let report = try #require(ProcessInfo.processInfo.environment[Self.probeVariable])
    let scratch = makeScratchDirectory()
    let sleeper = try RunningProcess("/bin/sleep", ["300"])
    try "\(sleeper.processID) \(scratch.path)\n".write(
      toFile: report, atomically: true, encoding: .utf8)
    try await Task.sleep(for: .seconds(300))
  }

  @Test(
    "(helper) is interrupted at the instant its clean-up is installed",
    .enabled(if: ProcessInfo.processInfo.environment[instantVariable] != nil))
  func probeInterruptedAtOnce() async throws {
    _ = makeScratchDirectory()
    kill(getpid(), SIGTERM)
    try await Task.sleep(for: .seconds(300))
  }

  @Test func aSignalAtTheInstantTheCleanUpIsInstalledIsNotLost() async throws {
    // The copy's scratch directories go here (TMPDIR), so what it leaves can be seen.
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let program = ChildProcess(
      ProcessInfo.processInfo.arguments[0],
      ["--testing-library", "swift-testing", "--filter", "probeInterruptedAtOnce"],
      environment: [Self.instantVariable: "1", "TMPDIR": scratch.path])
    // Only for a failure: a lost signal would leave the copy sleeping for 300 s.
    let lostSignal = Task {
      try await Task.sleep(for: .seconds(60))
      program.killNow()
    }
    let finished = try await program.wait()
    lostSignal.cancel()
    #expect(finished.status == 128 + SIGTERM, "\(finished.error)")
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    #expect(!left.contains { $0.hasPrefix("simon-e2e-") }, "its directory removed: \(left)")
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func anInterruptedTestProgramStopsItsProcessesAndRemovesItsDirectories(_ number: Int32)
    async throws
  {
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let report = scratch.appendingPathComponent("probe").path
    let program = ChildProcess(
      ProcessInfo.processInfo.arguments[0],
      ["--testing-library", "swift-testing", "--filter", "probeWaitsToBeInterrupted"],
      environment: [Self.probeVariable: report])
    var written: [Substring] = []
    let deadline = ContinuousClock.now + .seconds(60)
    while written.count < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
      if text.hasSuffix("\n") { written = text.split(separator: " ") }
    }
    guard written.count == 2, let sleeper = Int32(written[0]) else {
      program.killNow()
      throw E2EError("the probe never said what it started")
    }
    let directory = String(written[1].dropLast())
    #expect(kill(sleeper, 0) == 0, "its process runs")
    #expect(FileManager.default.fileExists(atPath: directory))

    kill(program.pid, number)
    let finished = try await program.wait()
    #expect(finished.status == 128 + number, "\(finished.error)")
    #expect(kill(sleeper, 0) == -1 && errno == ESRCH, "its process was stopped")
    #expect(!FileManager.default.fileExists(atPath: directory), "its directory removed")
  }

  @Test func aProcessStartsWithNoSignalBlockedOrIgnored() async throws {
    // This program takes SIGINT, SIGTERM and SIGHUP over (TestCleanup) and its threads
    // may block others; what it starts must not inherit either.
    let sleeper = try RunningProcess("/bin/sleep", ["30"])
    defer { sleeper.terminate() }
    // The standard signals, 1 to 31 (glibc keeps 32 and 33 for itself and sets their
    // handling when it needs them).
    let standard: UInt64 = 0x7FFF_FFFF
    func masks() -> (blocked: UInt64?, ignored: UInt64?) {
      let status =
        (try? String(contentsOfFile: "/proc/\(sleeper.processID)/status", encoding: .utf8)) ?? ""
      func mask(_ name: String) -> UInt64? {
        status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
          .flatMap {
            UInt64($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces), radix: 16)
          }
          .map { $0 & standard }
      }
      return (mask("SigBlk"), mask("SigIgn"))
    }
    // Inherited masks stay as they are for good (sleep changes neither). Under qemu-user
    // (the arm64 suite) the kernel shows the emulator's own masks, which block every
    // signal while it starts the program, and again for an instant whenever it handles
    // one of its own: so the masks are read until a reading is clear, and that reading is
    // the one judged (a second reading could catch such an instant).
    var seen = masks()
    _ = await eventually(timeout: 10, every: .milliseconds(10)) {
      seen = masks()
      return seen == (0, 0)
    }
    #expect(seen.blocked == 0)
    #expect(seen.ignored == 0)
  }
}
