import SimonPOSIX
import SimonTransport
import SystemPackage

/// A connection to simond's control socket for a tool that asks and leaves (`simonctl`):
/// reads the hello and the snapshot, sends requests and waits for their replies, skipping
/// the events in between.
///
/// Blocking, with a time limit on every wait; not for sharing between threads.
public final class ControlClient {
  /// The socket's path.
  public let path: String
  /// The hello simond sent.
  public private(set) var hello: ControlHello?
  /// The snapshot simond sent after its hello.
  public private(set) var snapshot: ControlSnapshot?
  private let fd: FileDescriptor
  private var splitter = LineSplitter(maximumLength: 1 << 20)
  private var pending: [String] = []
  private var nextID = 1

  /// Connects to simond at `path`.
  /// - Throws: `SocketClientError` naming the path and why (not running, a stale socket,
  ///   permission denied, ...).
  public init(path: String) throws(SocketClientError) {
    self.path = path
    fd = try ClientSocket.connect(to: path, for: .controlSocket)
  }

  deinit { ClientSocket.close(fd) }

  /// Ends the connection in both directions, from any thread, so that a `next` blocked
  /// on another wakes at once with `disconnected`; the client is of no more use. Safe only
  /// while the client is alive (its descriptor is still its own).
  public var interrupter: ControlInterrupter { ControlInterrupter(fd: fd) }

  /// Reads the hello and the snapshot.
  /// - Throws: `SocketClientError` when simond sends neither within `limit`, or speaks a
  ///   protocol version this client does not know.
  @discardableResult
  public func greet(within limit: Duration) throws(SocketClientError) -> (
    ControlHello, ControlSnapshot
  ) {
    let deadline = MonotonicClock().now.advanced(by: limit)
    while hello == nil || snapshot == nil {
      let message = try next(before: deadline)
      switch message {
      case .hello(let greeting):
        guard greeting.protocolVersion == ControlProtocol.version else {
          throw SocketClientError(
            .io, path: path,
            message:
              "simond on \(path) speaks control protocol \(greeting.protocolVersion); this simonctl knows \(ControlProtocol.version): use the simonctl of the same version"
          )
        }
        hello = greeting
      case .snapshot(let shot, _): snapshot = shot
      default: continue
      }
    }
    return (hello!, snapshot!)
  }

  /// Sends a request and waits for its reply.
  /// - Returns: what the `ok` reply carries.
  /// - Throws: `ControlRefusal` when simond refused it (its message); `SocketClientError`
  ///   when simond went away or did not answer within `limit`.
  public func request(_ action: ControlRequest.Action, within limit: Duration) throws
    -> ControlResult
  {
    let id = try send(action)
    let deadline = MonotonicClock().now.advanced(by: limit)
    while true {
      switch try next(before: deadline) {
      case .ok(let answered, let result) where answered == id: return result
      case .error(let message, let answered, let reason) where answered == id || answered == nil:
        throw ControlRefusal(message: message, reason: reason)
      default: continue
      }
    }
  }

  /// Sends a request without waiting for its reply, which `next(before:)` reads later.
  /// - Returns: the id its reply carries.
  /// - Throws: `SocketClientError` when simond went away.
  @discardableResult
  public func send(_ action: ControlRequest.Action) throws(SocketClientError) -> RequestID {
    let id = RequestID.number(nextID)
    nextID += 1
    let bytes = Array(ControlRequest(id: id, action: action).line.utf8)
    switch ClientSocket.send(fd, bytes) {
    case .done: return id
    case .peerGone: throw SocketClientError.disconnected(path)
    case .failed(let code):
      throw SocketClientError(
        .io, path: path, message: "cannot write to \(path): \(code)")
    }
  }

  /// The next message, read within the deadline; lines that are no message are skipped.
  public func next(before deadline: MonotonicInstant) throws(SocketClientError) -> ControlMessage {
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      while !pending.isEmpty {
        let line = pending.removeFirst()
        if let message = try? ControlMessage(line: line) { return message }
      }
      let left = MonotonicClock().now.duration(to: deadline)
      guard left > .zero else {
        throw SocketClientError(
          .timedOut, path: path, message: "simond on \(path) did not answer in time")
      }
      var watched = [Poll.Entry(fd)]
      do {
        guard try Poll.wait(&watched, timeoutNanoseconds: left.nanoseconds) > 0 else { continue }
      } catch {
        if error == .interrupted { continue }
        throw SocketClientError(.io, path: path, message: "poll on \(path): \(error)")
      }
      switch ClientSocket.read(fd, into: &buffer) {
      case .done(let count): pending += splitter.append(buffer[..<count])
      case .peerGone: throw SocketClientError.disconnected(path)
      case .failed(let code):
        throw SocketClientError(
          .io, path: path, message: "cannot read \(path): \(code)")
      }
    }
  }
}

/// Ends a `ControlClient`'s connection from another thread (shutdown): how a follower that
/// waits without a time limit is stopped.
public struct ControlInterrupter: Sendable {
  let fd: FileDescriptor

  /// Wakes the client's reader with the end of the connection.
  public func interrupt() { ClientSocket.shutdown(fd) }
}

/// simond refused a request; its message names the rule.
public struct ControlRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// simond's words.
  public var message: String
  /// Why, for a program to act on; nil from a simond that does not say.
  public var reason: ControlRefusalReason?
  /// The refusal as it came.
  public var description: String { message }

  /// A refusal with its words and its reason.
  public init(message: String, reason: ControlRefusalReason? = nil) {
    self.message = message
    self.reason = reason
  }
}

/// Facts of the control protocol.
public enum ControlProtocol {
  /// The version this build speaks.
  public static let version = 1
}

extension Duration {
  /// The duration in whole milliseconds, rounded down.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }

  /// The duration in whole nanoseconds, rounded down.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
