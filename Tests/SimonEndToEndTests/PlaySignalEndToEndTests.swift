import Foundation
import SimonProcessSupport
import SimonTestTraits
import Testing

/// `simonctl play`, with a simond of its own, ended by SIGINT, SIGTERM or SIGHUP: the
/// terminal is given back as it was, its simond is stopped and its temporary directory
/// removed, and it exits 0, even when more signals come while it tidies up.
@Suite("simonctl play ended by signals", .serialized, .realTime)
struct PlaySignalEndToEndTests {
  /// `simonctl play` with its own simond in a scratch directory, showing its screen.
  private func playing(in scratch: URL) async throws -> PlayTerminal {
    let config = scratch.appendingPathComponent("simond.toml").path
    try "[audio]\ndevice = \"null\"\n".write(toFile: config, atomically: true, encoding: .utf8)
    let temporary = scratch.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let terminal = try PlayTerminal(
      ["play", "--config", config, "--state-dir", scratch.appendingPathComponent("state").path],
      environment: [
        "XDG_RUNTIME_DIR": scratch.path, "TMPDIR": temporary.path, "NO_COLOR": "1",
      ])
    try await terminal.waitFor("nobody signed in", timeout: 20)
    return terminal
  }

  /// What its simond left in the temporary directory (nothing once it was stopped).
  private func leftBehind(in scratch: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(
      atPath: scratch.appendingPathComponent("tmp").path)) ?? ["(no directory)"]
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalRestoresTheTerminalStopsItsSimondAndExits0(_ number: Int32) async throws {
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let terminal = try await playing(in: scratch)
    terminal.process.signal(number)
    #expect(await terminal.waitForExit(timeout: 10) == 0, "\(terminal.errorOutput())")
    #expect(terminal.localModes == terminal.localModesAtStart)
    #expect(leftBehind(in: scratch).isEmpty)
  }

  @Test func signalsWhileItTidiesUpDoNotCutItShort() async throws {
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let terminal = try await playing(in: scratch)
    // Stopping its simond takes a while: these arrive while it tidies up, and after.
    for number in [SIGTERM, SIGINT, SIGINT, SIGHUP, SIGTERM, SIGINT, SIGINT, SIGINT] {
      terminal.process.signal(number)
      await pause(for: .milliseconds(15))
    }
    #expect(await terminal.waitForExit(timeout: 10) == 0, "\(terminal.errorOutput())")
    #expect(terminal.localModes == terminal.localModesAtStart)
    #expect(leftBehind(in: scratch).isEmpty)
  }
}
