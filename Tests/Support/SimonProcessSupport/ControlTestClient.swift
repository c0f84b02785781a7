import Foundation
import SimonControl
import SimonGame

/// A client of simond's control socket for tests and benchmarks: keeps every message it
/// receives (with the wall-clock time it arrived), sends requests and raw lines.
public final class ControlTestClient: @unchecked Sendable {
  private let fd: Int32
  private let lock = NSCondition()
  /// Every message received, in order, with CLOCK_MONOTONIC nanoseconds at arrival.
  public private(set) var received: [(message: ControlMessage, arrived: Int64)] = []
  /// Lines that were no control message.
  public private(set) var unreadable: [String] = []
  private var closed = false
  private var nextID = 1

  /// Connects to `path`; with `reading` false the client never reads (a stuck client).
  public init(path: String, reading: Bool = true) throws {
    fd = try connectUnixSocket(path)
    if reading {
      let thread = Thread { [weak self] in self?.receive() }
      thread.start()
    }
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
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let arrived = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
      pending += buffer[..<count]
      var parsed: [(ControlMessage, Int64)] = []
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
      lock.lock()
      received += parsed.map { (message: $0.0, arrived: $0.1) }
      unreadable += bad
      lock.broadcast()
      lock.unlock()
    }
  }

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
  public func ask(_ action: ControlRequest.Action, timeout: Double = 5) throws -> ControlMessage {
    let id = RequestID.number(nextID)
    nextID += 1
    let start = count
    send(ControlRequest(id: id, action: action).line)
    guard
      let index = waitFor(
        from: start,
        {
          switch $0 {
          case .ok(let answered, _), .error(_, let answered?): answered == id
          default: false
          }
        }, timeout: timeout)
    else { throw E2EError("no reply to \(action) within \(timeout) s") }
    return messages[index]
  }

  /// The messages so far.
  public var messages: [ControlMessage] {
    lock.lock()
    defer { lock.unlock() }
    return received.map(\.message)
  }

  /// How many messages have come.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return received.count
  }

  /// Whether simond closed the connection.
  public var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  /// Waits for a message matching `match` at or after `index`; its index, or nil.
  public func waitFor(
    from index: Int = 0, _ match: (ControlMessage) -> Bool, timeout: Double = 10
  ) -> Int? {
    let deadline = Date().addingTimeInterval(timeout)
    lock.lock()
    defer { lock.unlock() }
    while true {
      if index < received.count,
        let found = received[index...].firstIndex(where: { match($0.message) })
      {
        return found
      }
      if closed || !lock.wait(until: deadline) { return nil }
    }
  }

  /// Waits for a state of `phase` at or after `index`.
  public func waitForState(_ phase: Phase, from index: Int = 0, timeout: Double = 10) -> Int? {
    waitFor(
      from: index, { if case .state(let view, _) = $0 { view.phase == phase } else { false } },
      timeout: timeout)
  }
}
