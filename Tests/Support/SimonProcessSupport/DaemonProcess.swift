import Foundation
import SimonGame
import SimonPOSIX
import SimonSim

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
  return url
}

/// A real `simond` process with the simulated cabinet, its own state directory, and a
/// notify socket standing in for systemd.
public final class DaemonProcess: @unchecked Sendable {
  /// The scratch directory: socket, state, configuration.
  public let directory: URL
  /// The running simond.
  public let process = Process()
  /// What simond told systemd.
  public let notify: NotifyListener
  let stderr = Pipe()
  /// The simulated cabinet's socket.
  public var socketPath: String { directory.appendingPathComponent("sim.sock").path }
  /// The control socket.
  public var controlPath: String { directory.appendingPathComponent("control.sock").path }
  /// The state directory simond uses.
  public var stateDirectory: String { directory.appendingPathComponent("state").path }

  /// Whether simond runs as `nobody` (tests run as root, whom file modes do not stop).
  public let asNobody: Bool

  /// Starts simond and waits for READY=1.
  /// - Parameter asNobody: when the tests run as root, runs simond as the user nobody
  ///   (its scratch directory given to it), so that file modes apply to it.
  public init(
    config: String? = nil, extraArguments: [String] = [], environment: [String: String] = [:],
    waitForReady: Bool = true, asNobody: Bool = false
  ) throws {
    directory = makeScratchDirectory()
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
    if self.asNobody {
      chmod(notify.path, 0o777)
      try FileManager.default.createDirectory(
        atPath: directory.appendingPathComponent("state").path, withIntermediateDirectories: true)
      for path in [directory.path, directory.appendingPathComponent("state").path] {
        chown(path, 65534, 65534)
      }
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", simond.path] + arguments
        + extraArguments
    } else {
      process.executableURL = simond
      process.arguments = arguments + extraArguments
    }
    var env = ProcessInfo.processInfo.environment
    env["NOTIFY_SOCKET"] = notify.path
    env.removeValue(forKey: "JOURNAL_STREAM")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardError = stderr
    try process.run()
    if waitForReady {
      guard notify.waitFor({ $0.contains("READY=1") }, timeout: 10) != nil else {
        throw E2EError("simond did not send READY=1: \(errorOutput())")
      }
    }
  }

  /// Connects a client to the cabinet.
  public func connect() throws -> CabinetClient { try CabinetClient(path: socketPath) }

  /// Sends a signal.
  public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// Waits for the process to end; its exit status, or nil after `timeout` seconds.
  /// Blocks the calling thread: for the benchmarks' programs. Tests use the `async` one.
  public func waitForExit(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
      if Date() > deadline { return nil }
      usleep(5_000)
    }
    // At once now; Foundation lets go of a Process only once this has been called.
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Waits for the process to end without holding a thread (Swift Testing runs tests on
  /// a small pool of them); its exit status, or nil after `timeout` seconds or when the
  /// task is cancelled.
  public func waitForExit(timeout: Double) async -> Int32? {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while process.isRunning {
      if ContinuousClock.now > deadline { return nil }
      do { try await Task.sleep(for: .milliseconds(5)) } catch { return nil }
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Everything simond wrote to standard error (after it exited).
  public func errorOutput() -> String {
    if process.isRunning { return "(still running)" }
    return String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// The score file's contents.
  public func scores() -> String {
    (try? String(contentsOfFile: stateDirectory + "/scores.json", encoding: .utf8)) ?? ""
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: directory)
  }
}

/// A Unix stream socket connected to `path`.
public func connectUnixSocket(_ path: String) throws -> Int32 {
  guard let address = UnixSocketAddress(path: path) else {
    throw E2EError("not a socket path: \(path)")
  }
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard address.withSockaddr({ Foundation.connect(fd, $0, $1) }) == 0 else {
    close(fd)
    throw E2EError("cannot connect to \(path)")
  }
  return fd
}

/// A test failure with a message.
public struct E2EError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  /// A failure saying what went wrong.
  public init(_ description: String) { self.description = description }
}

/// A datagram socket standing in for systemd's notify socket; keeps every message.
public final class NotifyListener: @unchecked Sendable {
  /// The socket's path.
  public let path: String
  private let fd: Int32
  private let lock = NSCondition()
  private var messages: [(at: Date, text: String)] = []

  /// Binds the socket at `path` and starts keeping what arrives.
  public init(path: String) throws {
    self.path = path
    guard let address = UnixSocketAddress(path: path) else {
      throw E2EError("not a socket path: \(path)")
    }
    fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
    guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
      throw E2EError("cannot bind \(path)")
    }
    let thread = Thread { [weak self] in self?.receive() }
    thread.start()
  }

  private func receive() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { return }
      let text = String(decoding: buffer[..<count], as: UTF8.self)
      lock.lock()
      messages.append((Date(), text))
      lock.broadcast()
      lock.unlock()
    }
  }

  /// Every message so far.
  public var all: [(at: Date, text: String)] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }

  /// Waits for a message (from `index` on) that matches; returns its index.
  @discardableResult
  public func waitFor(from index: Int = 0, _ match: (String) -> Bool, timeout: Double) -> Int? {
    let deadline = Date().addingTimeInterval(timeout)
    lock.lock()
    defer { lock.unlock() }
    while true {
      if let found = messages.indices.dropFirst(index).first(where: { match(messages[$0].text) }) {
        return found
      }
      if !lock.wait(until: deadline) { return nil }
    }
  }
}

/// A client of the simulated cabinet: sends presses, keeps every line it is sent.
public final class CabinetClient: @unchecked Sendable {
  private let fd: Int32
  private let lock = NSCondition()
  /// Every line received, in order.
  public private(set) var lines: [SimServerMessage] = []
  private var closed = false

  /// Connects to the cabinet at `path` and starts keeping what it says.
  public init(path: String) throws {
    fd = try connectUnixSocket(path)
    let thread = Thread { [weak self] in self?.receive() }
    thread.start()
  }

  deinit { close(fd) }

  private func receive() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var pending: [UInt8] = []
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 {
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
        return
      }
      pending += buffer[..<count]
      var parsed: [SimServerMessage] = []
      while let newline = pending.firstIndex(of: 10) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if let message = try? SimServerMessage(line: line) { parsed.append(message) }
      }
      lock.lock()
      lines += parsed
      lock.broadcast()
      lock.unlock()
    }
  }

  /// Sends raw text.
  public func send(_ text: String) {
    var bytes = Array(text.utf8)
    _ = Foundation.send(fd, &bytes, bytes.count, Int32(MSG_NOSIGNAL))
  }

  /// Hangs up, as a client that goes away does (the reading thread keeps the client).
  public func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }

  /// Sends a press.
  public func press(_ input: Input) { send(SimClientMessage.press(input).line) }
  /// Sends a release.
  public func release(_ input: Input) { send(SimClientMessage.release(input).line) }

  /// A press held for `hold` seconds.
  public func tap(_ input: Input, hold: Double = 0.15) {
    press(input)
    Thread.sleep(forTimeInterval: hold)
    release(input)
  }

  /// How many lines have arrived.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return lines.count
  }

  /// Whether the daemon closed the connection.
  public var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  /// Waits for a line (from `index` on) that matches; returns its index.
  @discardableResult
  public func waitFor(
    from index: Int = 0, timeout: Double = 10, _ match: (SimServerMessage) -> Bool
  ) -> Int? {
    let deadline = Date().addingTimeInterval(timeout)
    lock.lock()
    defer { lock.unlock() }
    while true {
      if let found = lines.indices.dropFirst(index).first(where: { match(lines[$0]) }) {
        return found
      }
      if closed || !lock.wait(until: deadline) { return nil }
    }
  }

  /// Waits for a state line with the phase.
  @discardableResult
  public func waitForState(_ phase: Phase, from index: Int = 0, timeout: Double = 10) -> Int? {
    waitFor(from: index, timeout: timeout) {
      if case .state(let status, _) = $0 { return status.phase == phase }
      return false
    }
  }

  /// Every line so far.
  public func snapshot() -> [SimServerMessage] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }

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

  /// Starts a game from idle or game over: taps green until the countdown begins (a tap
  /// during the razz or a celebration is ignored by the game).
  public func startGame(from index: Int = 0) throws -> Int {
    for _ in 0..<20 {
      let mark = count
      tap(.green)
      if let countdown = waitForState(.countdown, from: mark, timeout: 0.5) { return countdown }
    }
    throw E2EError("no game started after line \(index)")
  }

  /// Plays a whole game: starts it, repeats `rounds` rounds, then presses a wrong pad.
  /// Returns the index of the game-over line.
  @discardableResult
  public func playGame(rounds: Int) throws -> Int {
    var next = try startGame()
    for _ in 0..<rounds { next = try playTurn(from: next).next }
    guard let simon = waitForState(.simon, from: next),
      let player = waitForState(.player, from: simon)
    else { throw E2EError("no last round after line \(next)") }
    let expected = signals(from: simon, to: player).map(\.pad)
    tap(Input(Pad.allCases.first { $0 != expected[0] }!))
    guard let over = waitFor(from: player, { if case .gameOver = $0 { true } else { false } })
    else { throw E2EError("no game over after line \(player)") }
    return over
  }

  /// Plays one turn: waits for the player's turn, reads Simon's signals off the LEDs,
  /// repeats them. Returns the pads Simon showed.
  public func playTurn(from index: Int) throws -> (pads: [Pad], next: Int) {
    guard let simon = waitForState(.simon, from: index),
      let player = waitForState(.player, from: simon)
    else { throw E2EError("no Simon turn after line \(index)") }
    let pads = signals(from: simon, to: player).map(\.pad)
    for pad in pads {
      Thread.sleep(forTimeInterval: 0.05)
      tap(Input(pad), hold: 0.13)
    }
    return (pads, player + 1)
  }
}
