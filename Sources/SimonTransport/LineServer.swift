import Dispatch
import SimonPOSIX
import Synchronization
import SystemPackage

/// A Unix stream socket that serves lines of text to any number of clients: the engine
/// under the simulated cabinet's socket and the daemon's control socket.
///
/// Promises: a client's greeting and every broadcast reach it in the order they were
/// made, and a greeting is consistent with the broadcasts around it (both are made under
/// one lock with the shared state); nothing any client does blocks the caller of
/// `broadcast` or `send` (output is queued, and a client whose backlog passes
/// `maximumBacklog` is dropped); a line longer than `maximumLineLength` gets the
/// `overlong` reply and is skipped; a client that hangs up is forgotten and reported
/// once; past `maximumClients` a new client gets the `full` reply and is closed. One
/// thread blocks in poll(); nothing wakes while nobody talks. When no descriptor is left
/// to accept a client, accepting pauses for a moment instead of spinning.
package final class LineServer<Shared: Sendable>: Sendable {
  /// A connected client: a number unique for the server's life and who it is.
  package struct Peer: Hashable, Sendable {
    /// The client's number (never reused).
    package var id: Int
    /// The user id of the process that connected (SO_PEERCRED).
    package var uid: UInt32
    /// The process id that connected (SO_PEERCRED).
    package var pid: Int32
  }

  /// What the server asks of its owner; each is called on the poll thread.
  package struct Handlers: Sendable {
    /// The first bytes a new client gets, made under the lock of the shared state.
    package var greeting: @Sendable (Peer, inout Shared) -> [UInt8]
    /// One line a client sent (without its newline), called outside the lock.
    package var line: @Sendable (Peer, String) -> Void
    /// The reply to a line longer than `maximumLineLength`.
    package var overlong: @Sendable () -> [UInt8]
    /// A client hung up or was dropped.
    package var gone: @Sendable (Peer) -> Void
    /// What a client gets before it is closed when `maximumClients` are connected.
    package var full: @Sendable (Int) -> [UInt8]

    /// Handlers with every value given.
    package init(
      greeting: @escaping @Sendable (Peer, inout Shared) -> [UInt8],
      line: @escaping @Sendable (Peer, String) -> Void,
      overlong: @escaping @Sendable () -> [UInt8],
      gone: @escaping @Sendable (Peer) -> Void = { _ in },
      full: @escaping @Sendable (Int) -> [UInt8] = { _ in [] }
    ) {
      self.greeting = greeting
      self.line = line
      self.overlong = overlong
      self.gone = gone
      self.full = full
    }
  }

  private struct Client {
    var peer: Peer
    var fd: FileDescriptor
    var input: [UInt8] = []
    var output: [UInt8] = []
    var discarding = false
  }

  private struct State {
    var shared: Shared
    var clients: [Int: Client] = [:]
    var nextID = 1
    var handlers: Handlers?
    var closed = false
    /// Set, under the lock, as the wake pipe is closed: nothing writes to it after.
    var wakeClosed = false
    var gone: [Peer] = []
  }

  /// The socket's path.
  package let path: String
  /// The longest line a client may send.
  package let maximumLineLength: Int
  /// The largest backlog of output a client may have before it is dropped.
  package let maximumBacklog: Int
  /// The most clients served at once; one more gets `full` and is closed.
  package let maximumClients: Int
  private let listener: FileDescriptor
  /// A pipe the other threads write a byte to, to wake the poll thread.
  private let wake: Pipe
  private let state: Mutex<State>
  private let stopped = DispatchSemaphore(value: 0)

  /// Listens on `path` (a stale socket there is replaced; a live one is an error).
  /// Nothing is served until `start`.
  /// - Parameters:
  ///   - mode: the socket file's permissions (who may connect).
  ///   - shared: state the greeting and broadcasts share under one lock.
  /// - Throws: `SocketError` when the socket cannot be made, or another program serves it.
  package init(
    path: String, mode: UInt32 = 0o600, maximumLineLength: Int, maximumBacklog: Int = 1 << 16,
    maximumClients: Int = 64, shared: Shared
  ) throws {
    self.path = path
    self.maximumLineLength = maximumLineLength
    self.maximumBacklog = maximumBacklog
    self.maximumClients = maximumClients
    state = Mutex(State(shared: shared))
    let listener = try ServerSocket.listen(at: path)
    do {
      try POSIX.changeMode(of: path, to: mode)
    } catch {
      try? listener.close()
      POSIX.removeFile(path)
      throw SocketError("chmod \(path)", errno: error)
    }
    do {
      wake = try Pipe.make(nonBlocking: true)
    } catch {
      try? listener.close()
      POSIX.removeFile(path)
      throw SocketError("pipe for the socket thread of \(path)", errno: error)
    }
    self.listener = listener
  }

  /// Starts serving on a thread of its own.
  /// - Throws: `SocketError` when no thread could be started.
  package func start(_ handlers: Handlers) throws {
    state.withLock { $0.handlers = handlers }
    guard BackgroundThread.start(named: "simon-lines", { [self] in serve() }) else {
      close()
      throw SocketError("could not start the thread of \(path)")
    }
  }

  /// Changes the shared state and sends what `change` returns (if anything) to every
  /// client, in one step no greeting can fall between.
  package func broadcast(_ change: (inout Shared) -> [UInt8]?) {
    var needsWake = false
    state.withLock { state in
      guard !state.closed, let bytes = change(&state.shared), !bytes.isEmpty else { return }
      for id in Array(state.clients.keys) {
        needsWake = queue(bytes, to: id, in: &state) || needsWake
      }
    }
    if needsWake { signalWake() }
  }

  /// Changes the shared state and, when any client is connected, sends every client the
  /// line `make` makes (under the same lock; with nobody connected it is never made).
  package func update(_ change: (inout Shared) -> Void, thenSend make: () -> [UInt8]) {
    var needsWake = false
    state.withLock { state in
      guard !state.closed else { return }
      change(&state.shared)
      guard !state.clients.isEmpty else { return }
      let bytes = make()
      for id in Array(state.clients.keys) {
        needsWake = queue(bytes, to: id, in: &state) || needsWake
      }
    }
    if needsWake { signalWake() }
  }

  /// Sends bytes to one client; nothing when it is gone.
  package func send(_ bytes: [UInt8], to id: Int) {
    let needsWake = state.withLock { state in
      state.closed ? false : queue(bytes, to: id, in: &state)
    }
    if needsWake { signalWake() }
  }

  /// Reads the shared state.
  package func withShared<R>(_ body: (Shared) -> R) -> R {
    state.withLock { body($0.shared) }
  }

  /// How many clients are connected.
  package var clientCount: Int { state.withLock { $0.clients.count } }

  /// Stops serving: closes every connection and the socket, removes the socket file;
  /// returns once done (or after a second at most). Safe to call twice.
  package func close() {
    let (already, started) = state.withLock { state -> (Bool, Bool) in
      defer { state.closed = true }
      return (state.closed, state.handlers != nil)
    }
    guard !already else { return }
    signalWake()
    if started {
      _ = stopped.wait(timeout: .now() + .seconds(1))
    } else {
      shutDown()
    }
  }

  // MARK: Output

  /// Appends to a client's backlog and writes what the socket takes now. Returns true
  /// when the poll thread must be woken: output is left over (it watches for the socket
  /// to drain), or the client was dropped (it tells the client gone; nothing else may
  /// wake it soon).
  private func queue(_ bytes: [UInt8], to id: Int, in state: inout State) -> Bool {
    guard var client = state.clients[id] else { return false }
    client.output += bytes
    let written = client.output.isEmpty ? 0 : ServerSocket.write(client.fd, client.output[...])
    if written < 0 || client.output.count - written > maximumBacklog {
      drop(id, from: &state)
      return true
    }
    client.output.removeFirst(written)
    state.clients[id] = client
    return !client.output.isEmpty
  }

  private func drop(_ id: Int, from state: inout State) {
    guard let client = state.clients.removeValue(forKey: id) else { return }
    try? client.fd.close()
    state.gone.append(client.peer)
  }

  /// Writes the wake byte, under the lock that closing the pipe takes: another thread
  /// may be closing the server. A write after its read end was closed would raise SIGPIPE
  /// (which ends simond), and one after both were closed could land in a descriptor that
  /// reused the number. The pipe does not block, so the lock is held only for the write.
  private func signalWake() {
    state.withLock { state in
      guard !state.wakeClosed else { return }
      _ = try? wake.writeEnd.writeAll([1])
    }
  }

  // MARK: The poll thread

  private func serve() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var acceptPausedUntil: Int64 = 0
    while true {
      let now = MonotonicClock().now.nanoseconds
      let watchListener = now >= acceptPausedUntil
      let watched = state.withLock { state -> [Poll.Entry]? in
        if state.closed { return nil }
        var entries = [Poll.Entry(wake.readEnd), Poll.Entry(watchListener ? listener : nil)]
        for client in state.clients.values {
          entries.append(
            Poll.Entry(client.fd, for: client.output.isEmpty ? .readable : [.readable, .writable]))
        }
        return entries
      }
      guard var entries = watched else { break }
      do {
        _ = try Poll.wait(
          &entries, timeoutNanoseconds: watchListener ? nil : max(0, acceptPausedUntil - now))
      } catch {
        if error != .interrupted { break }
      }
      if !entries[0].found.isEmpty {
        var drain = [UInt8](repeating: 0, count: 64)
        while ((try? drain.withUnsafeMutableBytes { try wake.readEnd.read(into: $0) }) ?? 0) > 0 {}
      }
      if entries[1].found.contains(.readable), !acceptClients() {
        acceptPausedUntil = MonotonicClock().now.nanoseconds + 100_000_000
      }
      let byFD = state.withLock { state in
        Dictionary(
          state.clients.values.map { ($0.fd, $0.peer.id) }, uniquingKeysWith: { a, _ in a })
      }
      for entry in entries.dropFirst(2) where !entry.found.isEmpty {
        guard let fd = entry.descriptor, let id = byFD[fd] else { continue }
        if entry.found.contains(.writable) {
          state.withLock { state in _ = queue([], to: id, in: &state) }
        }
        if !entry.found.isDisjoint(with: [.readable, .hangUp, .error]) {
          receive(from: id, fd: fd, buffer: &buffer)
        }
      }
      reportGone()
    }
    shutDown()
  }

  /// Accepts every pending client. Returns false when the system has no descriptor left
  /// for one (EMFILE, ENFILE), so accepting pauses instead of spinning.
  private func acceptClients() -> Bool {
    while true {
      let fd: FileDescriptor
      switch ServerSocket.accept(listener) {
      case .client(let accepted): fd = accepted
      case .none: return true
      case .exhausted: return false
      }
      let refusal = state.withLock { state -> [UInt8]? in
        guard state.clients.count >= maximumClients else { return nil }
        return state.handlers?.full(maximumClients) ?? []
      }
      if let refusal {
        _ = ServerSocket.write(fd, refusal[...])
        try? fd.close()
        continue
      }
      let credentials = Socket.peerCredentials(of: fd)
      let needsWake = state.withLock { state -> Bool in
        let peer = Peer(
          id: state.nextID, uid: credentials?.userID ?? .max, pid: credentials?.processID ?? 0)
        state.nextID += 1
        state.clients[peer.id] = Client(peer: peer, fd: fd)
        let greeting = state.handlers?.greeting(peer, &state.shared) ?? []
        return queue(greeting, to: peer.id, in: &state)
      }
      if needsWake { signalWake() }
    }
  }

  private func receive(from id: Int, fd: FileDescriptor, buffer: inout [UInt8]) {
    guard let count = ServerSocket.read(fd, into: &buffer) else { return }
    if count == 0 {
      state.withLock { drop(id, from: &$0) }
      return
    }
    var lines: [String] = []
    let found = state.withLock { state -> (Peer, Handlers)? in
      guard var client = state.clients[id], let handlers = state.handlers else { return nil }
      client.input += buffer[..<count]
      var overlong = 0
      while let newline = client.input.firstIndex(of: UInt8(ascii: "\n")) {
        let line = client.input[..<newline]
        client.input.removeSubrange(...newline)
        if client.discarding {
          client.discarding = false
          continue
        }
        if line.count > maximumLineLength {
          overlong += 1
          continue
        }
        lines.append(String(decoding: line, as: UTF8.self))
      }
      if client.input.count > maximumLineLength {
        if !client.discarding { overlong += 1 }
        client.input.removeAll()
        client.discarding = true
      }
      state.clients[id] = client
      for _ in 0..<overlong { _ = queue(handlers.overlong(), to: id, in: &state) }
      return (client.peer, handlers)
    }
    guard let (peer, handlers) = found else { return }
    for line in lines { handlers.line(peer, line) }
  }

  private func reportGone() {
    let (gone, handlers) = state.withLock { state in
      defer { state.gone = [] }
      return (state.gone, state.handlers)
    }
    for peer in gone { handlers?.gone(peer) }
  }

  private func shutDown() {
    state.withLock { state in
      for client in state.clients.values { try? client.fd.close() }
      state.clients = [:]
      state.wakeClosed = true
      wake.close()
    }
    try? listener.close()
    POSIX.removeFile(path)
    stopped.signal()
  }
}
