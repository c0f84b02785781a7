import Foundation
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonSim
import Synchronization
import SystemPackage

/// The directory holding the built products (simond, simonctl), next to the running
/// test bundle or benchmark.
public let productsDirectory: URL = {
  URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent()
}()

/// A fresh temporary directory for one test.
public func makeScratchDirectory() -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "simon-e2e-\(UUID().uuidString.prefix(8))")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  TestCleanup.track(url)
  return url
}

/// A real `simond` process with the simulated cabinet, its own state directory, and a
/// notify socket standing in for systemd.
public final class DaemonProcess: @unchecked Sendable {
  /// The scratch directory: socket, state, configuration.
  public let directory: URL
  /// The running simond.
  public let process: RunningProcess
  /// What simond told systemd.
  public let notify: NotifyListener
  /// Where simond's standard error goes: a file, which never fills as a pipe would.
  private var errorPath: String { directory.appendingPathComponent("simond.stderr").path }
  /// The simulated cabinet's socket.
  public let socketPath: String
  /// The control socket.
  public let controlPath: String
  /// The state directory simond uses.
  public let stateDirectory: String

  /// Whether simond runs as `nobody` (tests run as root, whom file modes do not stop).
  public let asNobody: Bool

  /// Starts simond and waits for READY=1.
  /// - Parameters:
  ///   - asNobody: when the tests run as root, runs simond as the user nobody (its
  ///     scratch directory given to it), so that file modes apply to it.
  ///   - prepareState: given the state directory, made empty, before simond starts:
  ///     files a test wants simond to find there.
  public init(
    config: String? = nil, extraArguments: [String] = [], environment: [String: String] = [:],
    waitForReady: Bool = true, asNobody: Bool = false,
    prepareState: ((String) throws -> Void)? = nil
  ) async throws {
    directory = makeScratchDirectory()
    socketPath = directory.appendingPathComponent("sim.sock").path
    controlPath = directory.appendingPathComponent("control.sock").path
    stateDirectory = directory.appendingPathComponent("state").path
    if let prepareState {
      try FileManager.default.createDirectory(
        atPath: stateDirectory, withIntermediateDirectories: true)
      try prepareState(stateDirectory)
    }
    self.asNobody = asNobody && getuid() == 0
    notify = try NotifyListener(path: directory.appendingPathComponent("notify.sock").path)
    var arguments = [
      "--hardware", "sim", "--audio", "none", "--sim-socket", socketPath,
      "--state-dir", stateDirectory, "--control-socket", controlPath,
    ]
    if let config {
      let path = directory.appendingPathComponent("simond.toml")
      try config.write(to: path, atomically: true, encoding: .utf8)
      arguments += ["--config", path.path]
    } else {
      arguments += ["--config", directory.appendingPathComponent("none.toml").path]
      try "".write(
        to: directory.appendingPathComponent("none.toml"), atomically: true, encoding: .utf8)
    }
    let simond = productsDirectory.appendingPathComponent("simond")
    let executable: String
    let allArguments: [String]
    if self.asNobody {
      chmod(notify.path, 0o777)
      try FileManager.default.createDirectory(
        atPath: directory.appendingPathComponent("state").path, withIntermediateDirectories: true)
      for path in [directory.path, directory.appendingPathComponent("state").path] {
        chown(path, 65534, 65534)
      }
      executable = "/usr/bin/setpriv"
      allArguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", simond.path] + arguments
        + extraArguments
    } else {
      executable = simond.path
      allArguments = arguments + extraArguments
    }
    var env = ProcessInfo.processInfo.environment
    env["NOTIFY_SOCKET"] = notify.path
    env.removeValue(forKey: "JOURNAL_STREAM")
    for (key, value) in environment { env[key] = value }
    let errors = try FileDescriptor.open(
      directory.appendingPathComponent("simond.stderr").path, .writeOnly,
      options: [.create, .truncate, .closeOnExec],
      permissions: [.ownerReadWrite, .groupRead, .otherRead])
    defer { try? errors.close() }
    process = try RunningProcess(executable, allArguments, environment: env, error: errors)
    if waitForReady {
      // Generous: a bound on a wait, not a figure (sanitizers and emulation are slow).
      guard await notify.waitFor({ $0.contains("READY=1") }, timeout: 30) != nil else {
        throw E2EError("simond did not send READY=1: \(errorOutput())")
      }
    }
  }

  /// Connects a client to the cabinet.
  public func connect() throws -> CabinetClient { try CabinetClient(path: socketPath) }

  /// Sends a signal.
  public func signal(_ number: Int32) { process.signal(number) }

  /// Waits for simond to end; its exit status, or nil after `timeout` seconds or when the
  /// task is cancelled.
  public func waitForExit(timeout: Double) async -> Int32? {
    await process.waitForExit(timeout: timeout)
  }

  /// Everything simond has written to standard error so far.
  public func errorOutput() -> String {
    (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  }

  /// The score file's contents.
  public func scores() -> String {
    (try? String(contentsOfFile: stateDirectory + "/scores.json", encoding: .utf8)) ?? ""
  }

  deinit { process.terminate(thenRemove: directory) }
}

/// A Unix stream socket connected to `path`.
public func connectUnixSocket(_ path: String) throws -> Int32 {
  guard let address = UnixSocketAddress(path: path) else {
    throw E2EError("not a socket path: \(path)")
  }
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  guard address.withSockaddr({ Foundation.connect(fd, $0, $1) }) == 0 else {
    close(fd)
    throw E2EError("cannot connect to \(path)")
  }
  return fd
}

/// A connected socket that its reading thread and its client share: closed when both
/// have let go, so its number cannot be reused while the thread still reads it.
final class ConnectedSocket: Sendable {
  /// The socket.
  let fd: Int32

  /// Takes over `fd`.
  init(_ fd: Int32) { self.fd = fd }

  deinit { close(fd) }

  /// Ends the connection both ways; a read waiting on it returns.
  func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }
}

/// A test failure with a message.
public struct E2EError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  /// A failure saying what went wrong.
  public init(_ description: String) { self.description = description }
}

/// A datagram socket standing in for systemd's notify socket; keeps every message.
public final class NotifyListener: Sendable {
  /// The socket's path.
  public let path: String
  private let fd: Int32
  private let messages = ArrivalLog<(at: Date, text: String)>()

  /// Binds the socket at `path` and starts keeping what arrives.
  public init(path: String) throws {
    self.path = path
    guard let address = UnixSocketAddress(path: path) else {
      throw E2EError("not a socket path: \(path)")
    }
    fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
      throw E2EError("cannot bind \(path)")
    }
    let thread = Thread { [fd, messages] in Self.receive(fd, into: messages) }
    thread.start()
  }

  private static func receive(_ fd: Int32, into messages: ArrivalLog<(at: Date, text: String)>) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { return messages.close() }
      messages.append(contentsOf: [(Date(), String(decoding: buffer[..<count], as: UTF8.self))])
    }
  }

  /// Every message so far.
  public var all: [(at: Date, text: String)] { messages.elements }

  /// Waits for a message (from `index` on) that matches; returns its index.
  @discardableResult
  public func waitFor(
    from index: Int = 0, _ match: @escaping @Sendable (String) -> Bool, timeout: Double
  ) async -> Int? {
    await messages.waitFor(from: index, timeout: .seconds(timeout)) { match($0.text) }
  }
}

/// A client of the simulated cabinet: sends presses, keeps every line it is sent.
public final class CabinetClient: Sendable {
  private let socket: ConnectedSocket
  private var fd: Int32 { socket.fd }
  private let log = ArrivalLog<SimServerMessage>()
  /// What the client sent, stamped as the cabinet stamps its lines (CLOCK_MONOTONIC).
  private let sent = Mutex<[(t: Int64, text: String)]>([])

  /// Connects to the cabinet at `path` and starts keeping what it says.
  public init(path: String) throws {
    socket = ConnectedSocket(try connectUnixSocket(path))
    let thread = Thread { [socket, log] in Self.receive(socket, into: log) }
    thread.start()
  }

  deinit { socket.hangUp() }

  private static func receive(_ socket: ConnectedSocket, into log: ArrivalLog<SimServerMessage>) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var pending: [UInt8] = []
    while true {
      let count = recv(socket.fd, &buffer, buffer.count, 0)
      if count <= 0 { return log.close() }
      pending += buffer[..<count]
      var parsed: [SimServerMessage] = []
      while let newline = pending.firstIndex(of: 10) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if let message = try? SimServerMessage(line: line) { parsed.append(message) }
      }
      log.append(contentsOf: parsed)
    }
  }

  /// Every line received, in order.
  public var lines: [SimServerMessage] { log.elements }

  /// Sends raw text.
  public func send(_ text: String) {
    let now = MonotonicClock().now.nanoseconds
    sent.withLock { $0.append((now, "-> " + text.trimmingCharacters(in: .newlines))) }
    var bytes = Array(text.utf8)
    _ = Foundation.send(fd, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
  }

  /// Hangs up, as a client that goes away does (the reading thread keeps the client).
  public func hangUp() { socket.hangUp() }

  /// Sends a press.
  public func press(_ input: Input) { send(SimClientMessage.press(input).line) }
  /// Sends a release.
  public func release(_ input: Input) { send(SimClientMessage.release(input).line) }

  /// A press held for `hold` seconds (timed on the test's own thread when it has one: see
  /// `pause(for:)`).
  public func tap(_ input: Input, hold: Double = 0.15) async {
    press(input)
    await pause(for: .seconds(hold))
    release(input)
  }

  /// How many lines have arrived.
  public var count: Int { log.count }

  /// Whether the daemon closed the connection.
  public var isClosed: Bool { log.isClosed }

  /// Waits for a line (from `index` on) that matches; returns its index.
  @discardableResult
  public func waitFor(
    from index: Int = 0, timeout: Double = 10,
    _ match: @escaping @Sendable (SimServerMessage) -> Bool
  ) async -> Int? {
    await log.waitFor(from: index, timeout: .seconds(timeout), match)
  }

  /// Waits for a state line with the phase.
  @discardableResult
  public func waitForState(_ phase: Phase, from index: Int = 0, timeout: Double = 10) async
    -> Int?
  {
    await waitFor(from: index, timeout: timeout) {
      if case .state(let status, _) = $0 { return status.phase == phase }
      return false
    }
  }

  /// Every line so far.
  public func snapshot() -> [SimServerMessage] { log.elements }

  /// Simon's signals between two indices: each lit pad with its on-time in ms.
  public func signals(from start: Int, to end: Int) -> [(pad: Pad, onMs: Double)] {
    let slice = snapshot()[start..<end]
    var onAt: [Pad: Int64] = [:]
    var result: [(Pad, Double)] = []
    for message in slice {
      guard case .led(let pad, let on, let t) = message else { continue }
      if on {
        onAt[pad] = t
      } else if let began = onAt.removeValue(forKey: pad) {
        result.append((pad, Double(t - began) / 1e6))
      }
    }
    return result
  }

  /// Starts a game from idle, game over or the show after a game: taps the start button
  /// until the countdown begins (a tap at attract only wakes the cabinet). The start
  /// button starts a game as it goes down, wired or not; a pad starts one as it comes up,
  /// unless it was held 2 s (the menu), which a simond slowed enough (a sanitizer's, in
  /// the whole suite) can see in a 150 ms tap. A tap is answered by a state line: the
  /// countdown, or another phase (it only woke the cabinet). The next tap waits for that
  /// answer, however slow, then 5 s more for a countdown: one more tap during a game
  /// would quit it.
  public func startGame(from index: Int = 0) async throws -> Int {
    for _ in 0..<4 {
      let mark = count
      await tap(.start)
      guard
        let answer = await waitFor(
          from: mark, timeout: 30, { if case .state = $0 { true } else { false } })
      else { break }
      if let countdown = await waitForState(.countdown, from: answer, timeout: 5) {
        return countdown
      }
    }
    throw E2EError("no game started after line \(index); the cabinet said:\n\(transcript())")
  }

  /// The lines received and sent, in time order, each with its time in ms since
  /// the first: for a failure's message.
  public func transcript() -> String {
    var entries: [(t: Int64, text: String)] = sent.withLock { $0 }
    for message in snapshot() {
      let t: Int64
      switch message {
      case .led(_, _, let at), .tone(_, let at), .haptic(_, let at), .state(_, let at),
        .gameOver(_, let at):
        t = at
      case .error: t = entries.last?.t ?? 0
      }
      entries.append((t, "   " + message.line.trimmingCharacters(in: .newlines)))
    }
    entries.sort { $0.t < $1.t }
    let start = entries.first?.t ?? 0
    return entries.map {
      String(format: "%9.1f ", Double($0.t - start) / 1e6) + $0.text
    }.joined(separator: "\n")
  }

  /// Plays a whole game: starts it, repeats `rounds` rounds, then presses a wrong pad.
  /// Returns the index of the game-over line.
  @discardableResult
  public func playGame(rounds: Int) async throws -> Int {
    var next = try await startGame()
    for _ in 0..<rounds { next = try await playTurn(from: next).next }
    guard let simon = await waitForState(.simon, from: next),
      let player = await waitForState(.player, from: simon)
    else {
      throw E2EError("no last round after line \(next); the cabinet said:\n\(transcript())")
    }
    let expected = signals(from: simon, to: player).map(\.pad)
    await tap(Input(Pad.allCases.first { $0 != expected[0] }!))
    guard
      let over = await waitFor(from: player, { if case .gameOver = $0 { true } else { false } })
    else {
      throw E2EError("no game over after line \(player); the cabinet said:\n\(transcript())")
    }
    return over
  }

  /// Plays one turn: waits for the player's turn, reads Simon's signals off the LEDs,
  /// repeats them. Returns the pads Simon showed.
  public func playTurn(from index: Int) async throws -> (pads: [Pad], next: Int) {
    guard let simon = await waitForState(.simon, from: index),
      let player = await waitForState(.player, from: simon)
    else { throw E2EError("no Simon turn after line \(index); the cabinet said:\n\(transcript())") }
    let pads = signals(from: simon, to: player).map(\.pad)
    for pad in pads {
      await pause(for: .milliseconds(50))
      try Task.checkCancellation()
      await tap(Input(pad), hold: 0.13)
    }
    return (pads, player + 1)
  }
}
