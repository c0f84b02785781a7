import Foundation
import SimonControl
import SimonGame
import Synchronization

/// A client of simond's control socket for tests and benchmarks: keeps every message it
/// receives (with the wall-clock time it arrived), sends requests and raw lines.
public final class ControlTestClient: Sendable {
  private let socket: ConnectedSocket
  private var fd: Int32 { socket.fd }
  private let log = ArrivalLog<(message: ControlMessage, arrived: Int64)>()
  private let badLines = ArrivalLog<String>()
  private let nextID = Atomic<Int>(1)

  /// Connects to `path`; with `reading` false the client never reads (a stuck client).
  public init(path: String, reading: Bool = true) throws {
    socket = ConnectedSocket(try connectUnixSocket(path))
    if reading {
      let thread = Thread { [socket, log, badLines] in Self.receive(socket, into: log, badLines) }
      thread.start()
    }
  }

  deinit { socket.hangUp() }

  private static func receive(
    _ socket: ConnectedSocket, into log: ArrivalLog<(message: ControlMessage, arrived: Int64)>,
    _ badLines: ArrivalLog<String>
  ) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var pending: [UInt8] = []
    while true {
      let count = recv(socket.fd, &buffer, buffer.count, 0)
      if count <= 0 { return log.close() }
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let arrived = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
      pending += buffer[..<count]
      var parsed: [(message: ControlMessage, arrived: Int64)] = []
      var bad: [String] = []
      while let newline = pending.firstIndex(of: 10) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        if let message = try? ControlMessage(line: line) {
          parsed.append((message, arrived))
        } else {
          bad.append(line)
        }
      }
      badLines.append(contentsOf: bad)
      log.append(contentsOf: parsed)
    }
  }

  /// Every message received, in order, with CLOCK_MONOTONIC nanoseconds at arrival.
  public var received: [(message: ControlMessage, arrived: Int64)] { log.elements }

  /// Lines that were no control message.
  public var unreadable: [String] { badLines.elements }

  /// Sends raw text.
  public func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent <= 0 { return }
      offset += sent
    }
  }

  /// Sends a request and waits for its reply.
  public func ask(_ action: ControlRequest.Action, timeout: Double = 5) async throws
    -> ControlMessage
  {
    let id = RequestID.number(nextID.add(1, ordering: .relaxed).oldValue)
    let start = count
    send(ControlRequest(id: id, action: action).line)
    guard
      let index = await waitFor(
        from: start,
        {
          switch $0 {
          case .ok(let answered, _), .error(_, let answered?, _): answered == id
          default: false
          }
        }, timeout: timeout)
    else { throw E2EError("no reply to \(action) within \(timeout) s") }
    return messages[index]
  }

  /// The messages so far.
  public var messages: [ControlMessage] { received.map(\.message) }

  /// How many messages have come.
  public var count: Int { log.count }

  /// Whether simond closed the connection.
  public var isClosed: Bool { log.isClosed }

  /// Waits for a message matching `match` at or after `index`; its index, or nil.
  @discardableResult
  public func waitFor(
    from index: Int = 0, _ match: @escaping @Sendable (ControlMessage) -> Bool,
    timeout: Double = 10
  ) async -> Int? {
    await log.waitFor(from: index, timeout: .seconds(timeout)) { match($0.message) }
  }

  /// Waits for a state of `phase` at or after `index`.
  @discardableResult
  public func waitForState(_ phase: Phase, from index: Int = 0, timeout: Double = 10) async
    -> Int?
  {
    await waitFor(
      from: index, { if case .state(let view, _) = $0 { view.phase == phase } else { false } },
      timeout: timeout)
  }
}
