import SimonGame
import SimonHardware
import SimonPOSIX
import SimonTransport
import Synchronization

/// The simulated cabinet (docs/design.md section 7): a Unix stream socket that any number of
/// clients play through, as the cabinet's inputs, lights, speaker and vibration motor.
///
/// Promises: every client first gets every LED's state, then the current state; every
/// output change reaches every client in order, stamped with CLOCK_MONOTONIC when it
/// changed; a malformed or overlong line gets an `error` reply and is skipped, and never
/// drops the client or stops the server; a client that stops reading is dropped rather
/// than let it hold the cabinet back. One thread blocks in poll(); nothing wakes while
/// nobody talks.
public final class SimCabinetServer: InputSource, Lights, Speaker, HapticMotor, Sendable {
  /// What every client's greeting is made of: the lamps and the state.
  struct Shown: Sendable {
    var lit: [Pad: Bool] = [:]
    var status = Status(phase: .idle, round: 0, points: 0)
  }

  /// The largest backlog of output a client may have before it is dropped.
  static let maximumBacklog = 1 << 16

  /// The socket's path.
  public var path: String { server.path }
  /// The inputs the configured cabinet has; the socket accepts every name regardless.
  public let wired: Set<Input>
  private let server: LineServer<Shown>
  /// The inputs each client holds down, released for it when it goes away.
  private let held = Mutex<[Int: Set<Input>]>([:])
  private let broadcast = EdgeBroadcast()
  private let clock = MonotonicClock()

  /// Listens on `path` and starts serving.
  /// - Parameter wired: the inputs the configured cabinet has (pads always).
  /// - Throws: `SocketError` when the socket cannot be made, or another program serves it.
  public init(path: String, wired: Set<Input>) throws {
    self.wired = wired.union(Pad.allCases.map(Input.init))
    server = try LineServer(
      path: path, maximumLineLength: SimClientMessage.maximumLineLength,
      maximumBacklog: Self.maximumBacklog, shared: Shown())
    let clock = self.clock
    try server.start(
      LineServer.Handlers(
        greeting: { _, shown in
          let t = clock.now.nanoseconds
          var hello: [UInt8] = []
          for pad in Pad.allCases {
            hello += Array(SimServerMessage.led(pad, on: shown.lit[pad] ?? false, t: t).line.utf8)
          }
          hello += Array(SimServerMessage.state(shown.status, t: t).line.utf8)
          return hello
        },
        line: { [weak self] peer, line in self?.receive(line, from: peer) },
        overlong: {
          Array(
            SimServerMessage.error(
              "line longer than \(SimClientMessage.maximumLineLength) bytes; skipped"
            ).line.utf8)
        },
        gone: { [weak self] peer in self?.releaseHeld(by: peer) },
        full: { limit in
          Array(
            SimServerMessage.error("the cabinet has \(limit) clients already; try later").line.utf8)
        }))
  }

  /// Every press and release the clients send from now on, stamped when it was read; a
  /// client that goes away while holding inputs releases them (see `InputSource`).
  public func edges() -> AsyncStream<InputEdge> { broadcast.subscribe() }

  /// Tells every client the LED changed.
  public func set(_ pad: Pad, on: Bool) throws {
    let t = clock.now.nanoseconds
    server.broadcast { shown in
      shown.lit[pad] = on
      return Array(SimServerMessage.led(pad, on: on, t: t).line.utf8)
    }
  }

  /// Tells every client a tone started.
  public func startTone(hertz: Double, volume: Int) {
    let t = clock.now.nanoseconds
    server.broadcast { _ in Array(SimServerMessage.tone(hertz, t: t).line.utf8) }
  }

  /// Tells every client the tone stopped.
  public func stopTone() {
    let t = clock.now.nanoseconds
    server.broadcast { _ in Array(SimServerMessage.tone(nil, t: t).line.utf8) }
  }

  /// Tells every client the vibration motor was turned on or off.
  public func setMotor(on: Bool) {
    let t = clock.now.nanoseconds
    server.broadcast { _ in Array(SimServerMessage.haptic(on: on, t: t).line.utf8) }
  }

  /// Tells every client what the game is doing (nothing when that is already known).
  public func publish(_ status: Status) {
    let t = clock.now.nanoseconds
    server.broadcast { shown in
      guard shown.status != status else { return nil }
      shown.status = status
      return Array(SimServerMessage.state(status, t: t).line.utf8)
    }
  }

  /// Tells every client a game ended, with its record as a JSON object.
  public func publish(gameOver record: String) {
    let t = clock.now.nanoseconds
    server.broadcast { _ in Array(SimServerMessage.gameOver(record: record, t: t).line.utf8) }
  }

  /// How many clients are connected.
  public var clientCount: Int { server.clientCount }

  /// Stops serving: closes every connection and the socket, removes the socket file and
  /// ends the edge streams; returns once done (or after a second at most). Safe to call
  /// twice.
  public func close() {
    broadcast.finish()
    server.close()
  }

  // MARK: Input

  private func receive(_ line: String, from peer: LineServer<Shown>.Peer) {
    if line.allSatisfy(\.isWhitespace) { return }
    let t = clock.now
    do {
      let edge: InputEdge
      switch try SimClientMessage(line: line) {
      case .press(let input): edge = InputEdge(input, pressed: true, at: t)
      case .release(let input): edge = InputEdge(input, pressed: false, at: t)
      }
      held.withLock { held in
        if edge.pressed {
          held[peer.id, default: []].insert(edge.input)
        } else {
          held[peer.id]?.remove(edge.input)
        }
      }
      broadcast.send([edge])
    } catch {
      server.send(Array(SimServerMessage.error(error.message).line.utf8), to: peer.id)
    }
  }

  private func releaseHeld(by peer: LineServer<Shown>.Peer) {
    let inputs = held.withLock { $0.removeValue(forKey: peer.id) ?? [] }
    let t = clock.now
    broadcast.send(
      inputs.sorted { $0.rawValue < $1.rawValue }.map { InputEdge($0, pressed: false, at: t) })
  }
}
