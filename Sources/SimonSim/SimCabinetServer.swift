import Dispatch
import Glibc
import SimonGame
import SimonHardware
import Synchronization

/// The simulated cabinet (SPEC section 7): a Unix stream socket that any number of
/// clients play through, as the cabinet's inputs, lights and speaker.
///
/// Promises: every client first gets every LED's state, then the current state; every
/// output change reaches every client in order, stamped with CLOCK_MONOTONIC when it
/// changed; a malformed or overlong line gets an `error` reply and is skipped, and never
/// drops the client or stops the server; a client that stops reading is dropped rather
/// than let it hold the cabinet back. One thread blocks in poll(); nothing wakes while
/// nobody talks.
public final class SimCabinetServer: InputSource, Lights, Speaker, Sendable {
  private struct Client {
    var fd: Int32
    var input: [UInt8] = []
    var output: [UInt8] = []
    var discarding = false
  }

  private struct State {
    var clients: [Int32: Client] = [:]
    var lit: [Pad: Bool] = [:]
    var status = Status(phase: .idle, round: 0, points: 0)
    var statusTime: Int64 = 0
    var closed = false
  }

  /// The largest backlog of output a client may have before it is dropped.
  static let maximumBacklog = 1 << 16

  /// The socket's path.
  public let path: String
  /// The inputs the configured cabinet has; the socket accepts every name regardless.
  public let wired: Set<Input>
  private let listener: Int32
  /// A pipe the other threads write a byte to, to wake the poll thread.
  private let wake: (read: Int32, write: Int32)
  private let state = Mutex(State())
  private let stream: AsyncStream<InputEdge>
  private let continuation: AsyncStream<InputEdge>.Continuation
  private let clock = MonotonicClock()
  private let stopped = DispatchSemaphore(value: 0)

  /// Listens on `path` and starts serving.
  /// - Parameter wired: the inputs the configured cabinet has (pads always).
  /// - Throws: `SocketError` when the socket cannot be made, or another program serves it.
  public init(path: String, wired: Set<Input>) throws {
    self.path = path
    self.wired = wired.union(Pad.allCases.map(Input.init))
    listener = try UnixSocket.listen(at: path)
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0, (try? UnixSocket.setNonBlocking(pipeEnds[0])) != nil,
      (try? UnixSocket.setNonBlocking(pipeEnds[1])) != nil
    else {
      Glibc.close(listener)
      unlink(path)
      throw SocketError("pipe for the socket thread", errno: errno)
    }
    wake = (pipeEnds[0], pipeEnds[1])
    (stream, continuation) = AsyncStream.makeStream(of: InputEdge.self)
    let started = BackgroundThread.start { [self] in serve() }
    if !started {
      Glibc.close(listener)
      unlink(path)
      throw SocketError("could not start the socket thread")
    }
  }

  /// Every press and release the clients send, stamped when it was read.
  public func edges() -> AsyncStream<InputEdge> { stream }

  /// Tells every client the LED changed.
  public func set(_ pad: Pad, on: Bool) throws {
    let t = clock.now.nanoseconds
    broadcast { state in
      state.lit[pad] = on
      return SimServerMessage.led(pad, on: on, t: t)
    }
  }

  /// Tells every client a tone started.
  public func startTone(hertz: Double, volume: Int) {
    let t = clock.now.nanoseconds
    broadcast { _ in .tone(hertz, t: t) }
  }

  /// Tells every client the tone stopped.
  public func stopTone() {
    let t = clock.now.nanoseconds
    broadcast { _ in .tone(nil, t: t) }
  }

  /// Tells every client what the game is doing.
  public func publish(_ status: Status) {
    let t = clock.now.nanoseconds
    broadcast { state in
      state.status = status
      state.statusTime = t
      return .state(status, t: t)
    }
  }

  /// Tells every client a game ended, with its record as a JSON object.
  public func publish(gameOver record: String) {
    let t = clock.now.nanoseconds
    broadcast { _ in .gameOver(record: record, t: t) }
  }

  /// How many clients are connected.
  public var clientCount: Int { state.withLock { $0.clients.count } }

  /// Stops serving: closes every connection and the socket, removes the socket file and
  /// ends the edge stream; returns once done (or after a second at most). Safe to call
  /// twice.
  public func close() {
    let already = state.withLock { state -> Bool in
      defer { state.closed = true }
      return state.closed
    }
    guard !already else { return }
    signalWake()
    continuation.finish()
    _ = stopped.wait(timeout: .now() + .seconds(1))
  }

  // MARK: Output

  private func broadcast(_ change: (inout State) -> SimServerMessage) {
    var needsWake = false
    state.withLock { state in
      guard !state.closed else { return }
      let bytes = Array(change(&state).line.utf8)
      for fd in Array(state.clients.keys) {
        needsWake = queue(bytes, to: fd, in: &state) || needsWake
      }
    }
    if needsWake { signalWake() }
  }

  /// Appends to a client's backlog and writes what the socket takes now. Returns true
  /// when output is left over, so the poll thread must watch for the socket to drain.
  private func queue(_ bytes: [UInt8], to fd: Int32, in state: inout State) -> Bool {
    guard var client = state.clients[fd] else { return false }
    client.output += bytes
    let written = client.output.isEmpty ? 0 : UnixSocket.write(fd, client.output[...])
    if written < 0 || client.output.count - written > Self.maximumBacklog {
      drop(fd, from: &state)
      return false
    }
    client.output.removeFirst(written)
    state.clients[fd] = client
    return !client.output.isEmpty
  }

  private func drop(_ fd: Int32, from state: inout State) {
    state.clients[fd] = nil
    Glibc.close(fd)
  }

  private func signalWake() {
    var byte: UInt8 = 1
    _ = Glibc.write(wake.write, &byte, 1)
  }

  // MARK: The poll thread

  private func serve() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let watched = state.withLock { state -> [pollfd]? in
        if state.closed { return nil }
        var fds = [
          pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
          pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        ]
        for (fd, client) in state.clients {
          let events = Int16(POLLIN) | (client.output.isEmpty ? 0 : Int16(POLLOUT))
          fds.append(pollfd(fd: fd, events: events, revents: 0))
        }
        return fds
      }
      guard var fds = watched else { break }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 && errno != EINTR { break }
      if fds[0].revents != 0 {
        var drain = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wake.read, &drain, drain.count) > 0 {}
      }
      if fds[1].revents & Int16(POLLIN) != 0 { acceptClients() }
      for entry in fds.dropFirst(2) where entry.revents != 0 {
        if entry.revents & Int16(POLLOUT) != 0 { flush(entry.fd) }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          receive(from: entry.fd, buffer: &buffer)
        }
      }
    }
    shutDown()
  }

  private func acceptClients() {
    while let fd = UnixSocket.accept(listener) {
      state.withLock { state in
        state.clients[fd] = Client(fd: fd)
        var hello: [UInt8] = []
        let t = clock.now.nanoseconds
        for pad in Pad.allCases {
          hello += Array(SimServerMessage.led(pad, on: state.lit[pad] ?? false, t: t).line.utf8)
        }
        hello += Array(SimServerMessage.state(state.status, t: t).line.utf8)
        _ = queue(hello, to: fd, in: &state)
      }
    }
  }

  private func flush(_ fd: Int32) {
    state.withLock { state in _ = queue([], to: fd, in: &state) }
  }

  private func receive(from fd: Int32, buffer: inout [UInt8]) {
    guard let count = UnixSocket.read(fd, into: &buffer) else { return }
    if count == 0 {
      state.withLock { drop(fd, from: &$0) }
      return
    }
    let t = clock.now
    var replies: [SimServerMessage] = []
    var edges: [InputEdge] = []
    state.withLock { state in
      guard var client = state.clients[fd] else { return }
      client.input += buffer[..<count]
      while let newline = client.input.firstIndex(of: UInt8(ascii: "\n")) {
        let line = client.input[..<newline]
        client.input.removeSubrange(...newline)
        if client.discarding {
          client.discarding = false
          continue
        }
        parse(line, edges: &edges, replies: &replies, at: t)
      }
      if client.input.count > SimClientMessage.maximumLineLength {
        if !client.discarding {
          replies.append(
            .error("line longer than \(SimClientMessage.maximumLineLength) bytes; skipped"))
        }
        client.input.removeAll()
        client.discarding = true
      }
      state.clients[fd] = client
      for reply in replies { _ = queue(Array(reply.line.utf8), to: fd, in: &state) }
    }
    for edge in edges { continuation.yield(edge) }
  }

  private func parse(
    _ line: ArraySlice<UInt8>, edges: inout [InputEdge], replies: inout [SimServerMessage],
    at t: MonotonicInstant
  ) {
    let text = String(decoding: line, as: UTF8.self)
    if text.allSatisfy(\.isWhitespace) { return }
    do {
      switch try SimClientMessage(line: text) {
      case .press(let input): edges.append(InputEdge(input, pressed: true, at: t))
      case .release(let input): edges.append(InputEdge(input, pressed: false, at: t))
      }
    } catch {
      replies.append(.error(error.message))
    }
  }

  private func shutDown() {
    state.withLock { state in
      for fd in state.clients.keys { Glibc.close(fd) }
      state.clients = [:]
    }
    Glibc.close(listener)
    Glibc.close(wake.read)
    Glibc.close(wake.write)
    unlink(path)
    stopped.signal()
  }
}
