import SimonGame
import SimonHardware
import SimonPOSIX
import SimonTransport
import Synchronization
import SystemPackage

/// A connection to the simulated cabinet (docs/design.md section 7), as `simonctl play`, `status`
/// and tests use it: sends presses and releases, hears every output.
///
/// Promises: `messages` yields every line the cabinet sends, in order, read by a thread of
/// its own that blocks in `read` (nothing polls); lines that are none of the protocol's
/// messages are skipped; the stream finishes when the cabinet closes the connection, on a
/// read error, or after `close()`, and `endReason` then says which. Dropping the client
/// closes the connection. Does not promise that a press sent has reached the game: the
/// daemon debounces and may ignore it.
public final class SimClient: Sendable {
  /// The longest line read from the cabinet; longer ones are skipped.
  public static let maximumLineLength = 1 << 16

  /// The socket's path.
  public let path: String
  /// Every message from the cabinet, in order: first the hello (each LED, then the state).
  public let messages: AsyncStream<SimServerMessage>
  private let connection: Connection

  /// Connects to the cabinet at `path` and starts reading.
  /// - Throws: `SocketClientError` naming the path and why: simond not running, a stale
  ///   socket, not a socket, permission denied, a bad path.
  public init(path: String) throws(SocketClientError) {
    self.path = path
    let fd = try ClientSocket.connect(to: path, for: .simulatedCabinet)
    connection = Connection(fd: fd)
    let (stream, continuation) = AsyncStream.makeStream(
      of: SimServerMessage.self, bufferingPolicy: .unbounded)
    messages = stream
    continuation.onTermination = { [connection] reason in
      if case .cancelled = reason { connection.shutDown() }
    }
    let started = BackgroundThread.start(named: "simon-sim-read") { [connection, path] in
      Self.read(from: connection, path: path, into: continuation)
    }
    guard started else {
      continuation.finish()
      throw SocketClientError(.io, path: path, message: "cannot start a thread to read \(path)")
    }
  }

  deinit { connection.shutDown() }

  /// Sends one message, whole (send).
  /// - Throws: `SocketClientError` `.disconnected` when the cabinet has gone or `close()` was
  ///   called; `.io` on another failure.
  public func send(_ message: SimClientMessage) throws(SocketClientError) {
    let bytes = Array(message.line.utf8)
    let outcome = connection.sending.withLock { _ -> ClientSocket.Outcome? in
      if connection.closing.load(ordering: .acquiring) { return nil }
      return ClientSocket.send(connection.fd, bytes)
    }
    switch outcome {
    case nil: throw .closed(path)
    case .done?: return
    case .peerGone?: throw .disconnected(path)
    case .failed(let errno)?: throw .io("cannot send to", path: path, errno: errno)
    }
  }

  /// Closes the connection: `messages` finishes, with no `endReason`. Safe to call twice.
  public func close() {
    connection.shutDown()
  }

  /// Why `messages` finished: nil while it runs and after `close()`; `.disconnected` when
  /// the cabinet closed the connection; `.io` on a read error.
  public var endReason: SocketClientError? {
    connection.ending.withLock { $0 }
  }

  /// Reads the hello, every LED's state and then the current state, and returns the
  /// cabinet as it stands. Consumes `messages`: for clients that only look (status).
  /// - Throws: `SocketClientError` `.timedOut` when no state came within `timeout`, or why
  ///   the connection ended before it did.
  public func hello(within timeout: Duration) async throws(SocketClientError) -> SimCabinetView {
    let messages = messages
    let path = path
    let result = await withTaskGroup(of: SimCabinetView?.self) { group in
      group.addTask {
        var view = SimCabinetView()
        for await message in messages {
          view.apply(message)
          if view.status != nil { return view }
        }
        return nil
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    if let result { return result }
    if let reason = endReason { throw reason }
    throw SocketClientError(
      .timedOut, path: path,
      message: "simond on \(path) sent no state within \(timeout): is it a simulated cabinet?")
  }

  /// The reader thread: lines in, messages out, until the end of the stream.
  private static func read(
    from connection: Connection, path: String,
    into continuation: AsyncStream<SimServerMessage>.Continuation
  ) {
    var splitter = LineSplitter(maximumLength: maximumLineLength)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let reason: SocketClientError
      switch ClientSocket.read(connection.fd, into: &buffer) {
      case .done(let count):
        for line in splitter.append(buffer[..<count]) {
          if let message = try? SimServerMessage(line: line) { continuation.yield(message) }
        }
        continue
      case .peerGone: reason = .disconnected(path)
      case .failed(let errno): reason = .io("cannot read from", path: path, errno: errno)
      }
      if !connection.closing.load(ordering: .acquiring) {
        connection.ending.withLock { $0 = reason }
      }
      continuation.finish()
      return
    }
  }
}

/// The descriptor and what the threads using it share. It is closed when the last user
/// (the client, the reader thread) lets go, so no thread ever uses a closed descriptor.
private final class Connection: Sendable {
  let fd: FileDescriptor
  /// Set once `shutDown` has been called.
  let closing = Atomic<Bool>(false)
  /// Keeps whole lines from interleaving when two tasks send at once.
  let sending = Mutex<Void>(())
  /// Why the stream finished, when the client did not end it.
  let ending = Mutex<SocketClientError?>(nil)

  init(fd: FileDescriptor) { self.fd = fd }

  deinit { ClientSocket.close(fd) }

  /// Ends the connection, waking the reader thread. Safe to call twice.
  func shutDown() {
    if !closing.exchange(true, ordering: .acquiringAndReleasing) { ClientSocket.shutdown(fd) }
  }
}
