import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import Testing

/// `simonctl play` in a pseudo-terminal against the real simond, watched through the
/// control socket: what the screen shows comes from the control socket, and its keys
/// reach the simulated cabinet, gestures included.
@Suite("simonctl play end to end", .serialized, .realTime)
struct PlayEndToEndTests {
  /// The pads Simon shows in the first round at or after message `index`, once it is
  /// the player's turn; and where to look for the next round.
  private func round(
    after index: Int, on control: ControlTestClient
  ) async throws -> (pads: [Pad], next: Int) {
    guard let simon = await control.waitForState(.simon, from: index),
      let player = await control.waitForState(.player, from: simon)
    else { throw E2EError("no round after message \(index)") }
    let pads = control.messages[simon..<player].compactMap {
      if case .led(let pad, true, _) = $0 { pad } else { nil }
    }
    return (pads, player + 1)
  }

  /// Waits for a state on the control socket for which `match` holds; its index.
  @discardableResult
  private func waitForState(
    on control: ControlTestClient, from index: Int = 0,
    _ match: @escaping @Sendable (CabinetView) -> Bool
  ) async throws -> Int {
    guard
      let found = await control.waitFor(
        from: index, { if case .state(let view, _) = $0 { match(view) } else { false } })
    else { throw E2EError("no such state on the control socket") }
    return found
  }

  /// Taps a pad with its number key and waits until the terminal has let go of it.
  private func tap(_ pad: Pad, on terminal: PlayTerminal) async throws {
    let mark = terminal.type(String(pad.index + 1))
    try await terminal.waitFor("pressing \(pad.rawValue)", after: mark)
    try await terminal.waitForRelease()
  }

  @Test func itsOwnSimondTheMenuSignInARankedGameNamedAndTheTopTen() async throws {
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let state = scratch.appendingPathComponent("state").path
    let config = scratch.appendingPathComponent("simond.toml").path
    try "[audio]\ndevice = \"null\"\n".write(toFile: config, atomically: true, encoding: .utf8)
    let code = try #require(PadCode([.blue, .blue, .yellow, .green]))
    _ = try PlayerStore(directory: state).add("Ann", code: code)
    let terminal = try PlayTerminal(
      ["play", "--config", config, "--state-dir", state],
      environment: ["XDG_RUNTIME_DIR": scratch.path, "TMPDIR": scratch.path, "NO_COLOR": "1"])
    try await terminal.waitFor("classic · medium · nobody signed in")
    // Its own simond serves the user's usual control socket: the one the screen follows.
    let control = try ControlTestClient(path: scratch.path + "/simond-control.sock")

    // m then 2 holds red for the menu's hold time: the difficulty page opens.
    terminal.type("m")
    try await terminal.waitFor("Hold which pad? 1 mode · 2 difficulty · 3 players · 4 sound")
    terminal.type("2")
    try await waitForState(on: control) { $0.menu?.page == .difficulty }
    try await terminal.waitFor("Settings · difficulty: medium (2 of 3)")
    try await terminal.waitForRelease()
    try await tap(.red, on: terminal)
    try await waitForState(on: control) { $0.menu?.choice == 2 }
    try await terminal.waitFor("Settings · difficulty: hard (3 of 3)")
    // Once more: easy, whose 5 s to answer an emulated machine under load keeps within.
    try await terminal.waitForRelease()
    try await tap(.red, on: terminal)
    try await waitForState(on: control) { $0.menu?.choice == 0 }
    try await terminal.waitFor("Settings · difficulty: easy (1 of 3)")
    terminal.type("s")
    try await terminal.waitFor("classic · easy · nobody signed in")
    try await terminal.waitForRelease()

    // i holds two pads together; Ann enters her code with the number keys.
    let signIn = control.count
    var mark = terminal.type("i")
    try await terminal.waitFor("pressing green + red", after: mark)
    try await waitForState(on: control, from: signIn) { $0.codeEntered == 0 }
    try await terminal.waitFor("Sign in · code ○○○○")
    try await terminal.waitForRelease()
    for pad in code.pads { try await tap(pad, on: terminal) }
    try await waitForState(on: control, from: signIn) { $0.signedIn == ["Ann"] }
    try await terminal.waitFor("classic · easy · Ann signed in")
    guard case .ok = try await control.ask(.signOut) else { throw E2EError("no sign-out") }
    try await terminal.waitFor("classic · easy · nobody signed in")

    // A game: one round right, then a wrong pad. It ranks first; it is named Dee.
    // The welcome (the pads flash twice) may still play; a tap then does nothing.
    var countdown: Int?
    for _ in 0..<20 where countdown == nil {
      let start = control.count
      try await tap(.green, on: terminal)
      countdown = await control.waitForState(.countdown, from: start, timeout: 2)
    }
    guard let countdown else { throw E2EError("no countdown") }
    let first = try await round(after: countdown, on: control)
    try await terminal.waitFor("Your turn · round 1")
    for pad in first.pads { try await tap(pad, on: terminal) }
    let second = try await round(after: first.next, on: control)
    try await terminal.waitFor("Your turn · round 2")
    try await tap(Pad.allCases.first { $0 != second.pads[0] }!, on: terminal)
    guard
      let overIndex = await control.waitFor(
        from: second.next, { if case .gameOver = $0 { true } else { false } }),
      case .gameOver(let over, _) = control.messages[overIndex], let id = over.record?.id
    else { throw E2EError("no game over") }
    #expect(over.rank == 1)
    #expect(over.newBest)
    try await terminal.waitFor(
      "Top ten! Your game is #1 in classic · easy (\(over.points) points).")
    terminal.type("Player\r")
    try await terminal.waitFor("'Player' is not a valid name: \"Player\" and \"Player N\" are kept")
    terminal.type(String(repeating: "\u{7F}", count: 6) + "Dee\r")
    let named = await control.waitFor(
      from: overIndex, { if case .scoresChanged("named", _) = $0 { true } else { false } })
    #expect(named != nil)
    try await terminal.waitFor("Game \(id) is now Dee's: #1 in classic · easy.")
    try await terminal.waitFor(
      "Last game: Dee · \(over.points) points · 1 rounds · mistake · rank 1")

    // t shows the top ten of the table in force, read from simond's state directory.
    mark = terminal.type("t")
    try await terminal.waitFor("Top ten · classic · easy", after: mark)
    try await terminal.waitFor(" 1  Dee ", after: mark)
    terminal.type("t")

    // A throwaway game (the first press wrong) asks for no name; simonctl names it, and
    // the last game line follows; the pad keys are pads still: the next game starts.
    let throwaway = control.count
    try await tap(.green, on: terminal)
    guard let again = await control.waitForState(.countdown, from: throwaway, timeout: 5) else {
      throw E2EError("no countdown")
    }
    let only = try await round(after: again, on: control)
    try await tap(Pad.allCases.first { $0 != only.pads[0] }!, on: terminal)
    guard
      let ended = await control.waitFor(
        from: only.next, { if case .gameOver = $0 { true } else { false } }),
      let showOver = await control.waitFor(
        from: ended, { if case .tone(nil, _) = $0 { true } else { false } })
    else { throw E2EError("no game over, or its razz never ended") }
    let renamed = try await runSimonctl([
      "name-latest", "Gus", "--state-dir", state, "--control-socket",
      scratch.path + "/simond-control.sock",
    ])
    #expect(renamed.status == 0, "\(renamed.errors)")
    try await terminal.waitFor("Last game: Gus · 0 points · 0 rounds · mistake")
    let next = max(control.count, showOver + 1)
    try await tap(.green, on: terminal)
    #expect(await control.waitForState(.countdown, from: next, timeout: 5) != nil)

    terminal.type("q")
    #expect(await terminal.waitForExit(timeout: 10) == 0, "\(terminal.errorOutput())")
    // Its simond stops with it: the control socket closes (waited for up to 5 s).
    _ = await control.waitFor(from: control.count, { _ in false }, timeout: 5)
    #expect(control.isClosed)
  }

  @Test func whenItsOwnSimondCannotStartItSaysWhyAndLeavesNothingBehind() async throws {
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    // A file where the state directory should be: simond cannot make its state there.
    let state = scratch.appendingPathComponent("state").path
    try "not a directory".write(toFile: state, atomically: true, encoding: .utf8)
    let terminal = try PlayTerminal(
      ["play", "--state-dir", state],
      environment: ["XDG_RUNTIME_DIR": scratch.path, "TMPDIR": scratch.path, "NO_COLOR": "1"])
    #expect(await terminal.waitForExit(timeout: 15) == 69)
    let error = terminal.errorOutput()
    #expect(
      error.contains(
        "simond stopped before its socket was ready (exit 73). Give it a state directory "
          + "this user may write with --state-dir DIR."), "\(error)")
    #expect(error.contains("simond's log:"), "\(error)")
    // Its temporary directory (socket, log) is gone with it.
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    #expect(left == ["state"], "\(left)")
  }

  @Test func whenAnotherSimondHasTheUsualSocketTheScreenSaysWhereThisGameIs() async throws {
    let scratch = makeScratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    // Another program's simond on the user's usual control socket (a listener is enough).
    let usual = scratch.appendingPathComponent("simond-control.sock").path
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in usual.utf8.enumerated() { bytes[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0 && listen(listener, 4) == 0)
    let terminal = try PlayTerminal(
      ["play", "--state-dir", scratch.appendingPathComponent("state").path],
      environment: ["XDG_RUNTIME_DIR": scratch.path, "TMPDIR": scratch.path, "NO_COLOR": "1"],
      columns: 240)  // (wide enough for the paths in full)
    try await terminal.waitFor("Another simond serves \(usual)", timeout: 20)
    try await terminal.waitFor("own simond on \(scratch.path)/simonctl-")
    terminal.type("q")
    #expect(await terminal.waitForExit(timeout: 10) == 0, "\(terminal.errorOutput())")
  }

  @Test func joiningACabinetWithAStartButtonSaysSAndStartsWithIt() async throws {
    let daemon = try await DaemonProcess(
      config: "[inputs]\nstart = \"GPIO12\"\n[audio]\ndevice = \"null\"\n")
    let control = try ControlTestClient(path: daemon.controlPath)
    let terminal = try PlayTerminal(
      [
        "play", "--sim-socket", daemon.socketPath, "--control-socket", daemon.controlPath,
        "--config", daemon.directory.appendingPathComponent("simond.toml").path,
      ],
      environment: ["NO_COLOR": "1"])
    try await terminal.waitFor("Idle · press s to start (pads: free play)")
    try await terminal.waitFor("simond on \(daemon.socketPath)")
    // A pad is free play: it lights while held and goes dark; no game starts.
    try await tap(.yellow, on: terminal)
    let dark = await control.waitFor({
      if case .led(.yellow, false, _) = $0 { true } else { false }
    })
    #expect(dark != nil)
    #expect(terminal.frame.contains("Idle · press s to start"))
    let beforeStart = control.count
    let mark = terminal.type("s")
    let countdown = await control.waitForState(.countdown)
    #expect(countdown.map { $0 >= beforeStart } == true)
    try await terminal.waitFor("Countdown · ", after: mark)
    terminal.type("q")
    #expect(await terminal.waitForExit(timeout: 10) == 0, "\(terminal.errorOutput())")
    // The cabinet it joined goes on.
    guard case .ok = try await control.ask(.status) else { throw E2EError("simond went with it") }
  }
}
