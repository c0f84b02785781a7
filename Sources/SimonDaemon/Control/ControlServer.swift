import Dispatch
import SimonControl
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonSim
import SimonTransport
import Synchronization

/// The control socket (docs/design.md section 10): every client gets the hello and a full
/// snapshot, then every happening of the journal as it happens; requests are handed on
/// to the daemon in order, each with the client who sent it.
///
/// Promises: the snapshot and the events after it never miss or repeat a change (both are
/// made under one lock); a client that cannot keep up is dropped, never waited for; a
/// line that is no request gets an `error` reply and the client stays; a client with too
/// many requests unanswered is refused at once rather than queued.
final class ControlServer: Sendable {
  /// What a request is, with who sent it.
  struct Asked: Sendable {
    var request: ControlRequest
    var peer: LineServer<Shown>.Peer
  }

  /// What every client is greeted with: the hello and the snapshot of now.
  struct Shown: Sendable {
    var hello: ControlHello
    var snapshot: ControlSnapshot
  }

  /// The most requests one client may have waiting for replies.
  static let maximumInFlight = 32
  /// The largest backlog of output a client may have before it is dropped.
  static let maximumBacklog = 1 << 18
  /// The most clients at once (screens, tools, bridges).
  static let maximumClients = 128

  /// Every request, in the order clients sent them.
  let requests: AsyncStream<Asked>
  private let continuation: AsyncStream<Asked>.Continuation
  private let server: LineServer<Shown>
  private let inFlight = Mutex<[Int: Int]>([:])
  /// Where the journal's entries become lines, off the appender's thread.
  private let encoder = DispatchQueue(label: "simond.control")
  /// How many entries the encoder has yet to send.
  private let queued = Atomic<Int>(0)

  /// Listens on `path` with mode 0660 (the daemon's group may connect).
  init(path: String, shown: Shown) throws {
    server = try LineServer(
      path: path, mode: 0o660, maximumLineLength: ControlRequest.maximumLineLength,
      maximumBacklog: Self.maximumBacklog, maximumClients: Self.maximumClients, shared: shown)
    (requests, continuation) = AsyncStream.makeStream(of: Asked.self)
    try server.start(
      LineServer.Handlers(
        greeting: { _, shown in
          let t = MonotonicClock().now.nanoseconds
          return Array(
            (ControlMessage.hello(shown.hello).line
              + ControlMessage.snapshot(shown.snapshot, t: t).line).utf8)
        },
        line: { [weak self] peer, line in self?.receive(line, from: peer) },
        overlong: {
          Array(
            ControlMessage.error(
              "line longer than \(ControlRequest.maximumLineLength) bytes; skipped", id: nil,
              reason: .invalid
            ).line.utf8)
        },
        gone: { [weak self] peer in
          self?.inFlight.withLock { _ = $0.removeValue(forKey: peer.id) }
        },
        full: { limit in
          Array(
            ControlMessage.error(
              "simond has \(limit) clients already; try later", id: nil, reason: .unavailable
            ).line.utf8)
        }))
  }

  /// The socket's path.
  var path: String { server.path }

  /// How many clients are connected.
  var clientCount: Int { server.clientCount }

  /// Sends what happened to every client, keeping the snapshot current. For the journal
  /// (one appender at a time): with clients it only queues, and the lines are made on a
  /// queue of their own, in order; with nobody connected and nothing queued the snapshot
  /// is updated at once, as no line is made, so a press at a cabinet without a screen
  /// wakes no other thread.
  func publish(_ entry: Journal.Entry) {
    if queued.load(ordering: .acquiring) == 0, server.clientCount == 0 {
      send(entry)
      return
    }
    queued.add(1, ordering: .relaxed)
    encoder.async { [self] in
      send(entry)
      queued.subtract(1, ordering: .releasing)
    }
  }

  private func send(_ entry: Journal.Entry) {
    // With nobody connected only the snapshot is kept current: no line is made, so a
    // cabinet without a screen never runs the JSON encoder.
    guard let message = Self.message(entry) else { return }
    server.update({ $0.snapshot.apply(message) }, thenSend: { Array(message.line.utf8) })
  }

  /// The event a client gets for a journal entry; nil for what only the cabinet and its
  /// log are told.
  private static func message(_ entry: Journal.Entry) -> ControlMessage? {
    let t = entry.at.nanoseconds
    switch entry.happening {
    case .light(let pad, let on): return .led(pad, on: on, t: t)
    case .tone(let hertz): return .tone(hertz, t: t)
    case .view(let view): return .state(view, t: t)
    case .recorded(let game):
      // A match's game or a day's goes without its record (numbered in its own book): a
      // bridge of an earlier release would take it for a game of the tables.
      let over = ControlGameOver(
        record: game.result.isInScoreTables ? game.record : nil, result: game.result,
        rank: game.rank, newBest: game.newBest)
      return .gameOver(over, t: t)
    case .settings(let inForce): return .settings(ControlSettings(inForce), t: t)
    case .scoresChanged(let change): return .scoresChanged(change.rawValue, t: t)
    case .match(let news): return .match(news, t: t)
    case .status, .haptic, .gameEnded, .stuck, .unstuck, .lightFault, .motorFault: return nil
    }
  }

  /// The snapshot as clients would get it now.
  var snapshot: ControlSnapshot { server.withShared(\.snapshot) }

  /// Answers a request, after every happening published before it: a client told `ok`
  /// has had the events its request caused, and a client that connects after that reply
  /// gets a snapshot with them (`simonctl settings set`, then `simonctl settings`).
  func reply(_ message: ControlMessage, to peer: LineServer<Shown>.Peer) {
    inFlight.withLock { counts in
      if let count = counts[peer.id] { counts[peer.id] = count > 1 ? count - 1 : nil }
    }
    let line = Array(message.line.utf8)
    encoder.async { [server] in server.send(line, to: peer.id) }
  }

  /// Stops serving once every line queued has been sent; the request stream ends.
  func close() {
    encoder.sync {}
    continuation.finish()
    server.close()
  }

  private func receive(_ line: String, from peer: LineServer<Shown>.Peer) {
    if line.allSatisfy(\.isWhitespace) { return }
    do {
      let request = try ControlRequest(line: line)
      let accepted = inFlight.withLock { counts -> Bool in
        let count = counts[peer.id] ?? 0
        guard count < Self.maximumInFlight else { return false }
        counts[peer.id] = count + 1
        return true
      }
      guard accepted else {
        let refusal = ControlMessage.error(
          "more than \(Self.maximumInFlight) requests wait for replies; wait for them first",
          id: request.id, reason: .unavailable)
        server.send(Array(refusal.line.utf8), to: peer.id)
        return
      }
      continuation.yield(Asked(request: request, peer: peer))
    } catch {
      let refusal = ControlMessage.error(error.message, id: error.id, reason: .invalid)
      server.send(Array(refusal.line.utf8), to: peer.id)
    }
  }
}

extension ControlSettings {
  /// The settings in force as the control socket reports them.
  init(_ inForce: SettingsInForce) {
    self.init(values: inForce.values, changed: inForce.changed.map(\.rawValue))
  }
}
