import CSimonPOSIX
import Glibc
import SystemPackage

// Unix sockets: their address and every call the cabinet's programs make on them.

/// The address of a Unix socket (`sockaddr_un`): a path, or a name in Linux's abstract
/// namespace. The one place the cabinet's programs build one.
///
/// It promises a valid address or none: a path that is empty or does not fit
/// `sun_path` with its terminating zero gives nil, never a truncated address. It does
/// not promise that anything is at the path.
public struct UnixSocketAddress: Sendable {
  /// The longest path an address holds, without its terminating zero (107 on Linux).
  public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  private var storage: sockaddr_un
  /// How many bytes of `storage` the address is, for bind, connect and sendto.
  private let length: socklen_t

  /// The address of the socket file at `path`; nil when `path` is empty or longer than
  /// `maximumPathLength` bytes.
  public init?(path: String) {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count <= Self.maximumPathLength else { return nil }
    self.init(bytes: bytes, length: socklen_t(MemoryLayout<sockaddr_un>.size))
  }

  /// The address of `name` in the abstract namespace (written `@name` by systemd: a
  /// leading zero byte, then the name, no terminating zero); nil when it does not fit.
  public init?(abstractName name: String) {
    let bytes = [0] + Array(name.utf8)
    guard bytes.count <= Self.maximumPathLength + 1 else { return nil }
    self.init(
      bytes: bytes, length: socklen_t(MemoryLayout<sa_family_t>.size + bytes.count))
  }

  /// The address systemd means by `text` (as in `$NOTIFY_SOCKET`): a leading "@" names
  /// an abstract socket, anything else is a path.
  public init?(systemdName text: String) {
    if text.hasPrefix("@") {
      self.init(abstractName: String(text.dropFirst()))
    } else {
      self.init(path: text)
    }
  }

  private init(bytes: [UInt8], length: socklen_t) {
    storage = sockaddr_un()
    storage.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &storage.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    self.length = length
  }

  /// Runs `body` with the address as the generic `sockaddr` pointer and length that
  /// bind(2), connect(2) and sendto(2) take; the pointer is valid only inside `body`.
  public func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R)
    rethrows -> R
  {
    var address = storage
    return try withUnsafePointer(to: &address) { pointer in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
    }
  }

  /// Sends `bytes` as one datagram to this address from a fresh close-on-exec socket
  /// (socket, sendto without SIGPIPE, close).
  /// - Returns: nil when it was sent, else why not.
  @discardableResult
  public func sendDatagram(_ bytes: [UInt8]) -> Errno? {
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return Errno(rawValue: errno) }
    defer { close(fd) }
    let sent = withSockaddr { generic, length in
      bytes.withUnsafeBytes {
        sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), generic, length)
      }
    }
    return sent < 0 ? Errno(rawValue: errno) : nil
  }
}

/// The calls on Unix stream sockets: each retried on EINTR, each failure thrown as the
/// `Errno` the system gave. Every descriptor they make is close-on-exec from the moment
/// it exists, so a child spawned by another thread meanwhile never inherits one.
public enum Socket {
  /// Who is at the other end of a connection (SO_PEERCRED), as the kernel recorded it
  /// when the connection was made.
  public struct PeerCredentials: Equatable, Sendable {
    /// The peer's process id.
    public var processID: Int32
    /// The peer's user id.
    public var userID: UInt32
    /// The peer's group id.
    public var groupID: UInt32
  }

  /// Opens a stream socket and connects it to `address`, blocking until it is (socket,
  /// connect).
  /// - Returns: the connected descriptor, blocking.
  /// - Throws: the connect's `Errno` (`.noSuchFileOrDirectory`, `.connectionRefused`, ...).
  public static func connect(to address: UnixSocketAddress) throws(Errno) -> FileDescriptor {
    let socket = try stream(nonBlocking: false)
    var result: Int32 = 0
    var failure = Errno(rawValue: 0)
    repeat {
      result = address.withSockaddr { Glibc.connect(socket.rawValue, $0, $1) }
      failure = result == 0 ? Errno(rawValue: 0) : POSIX.lastError
    } while result != 0 && failure == .interrupted
    // A connect interrupted by a signal goes on in the background: EISCONN says it is done.
    guard result == 0 || failure == .socketIsConnected else {
      try? socket.close()
      throw failure
    }
    return socket
  }

  /// Opens a non-blocking stream socket bound to `address` and listening, with room for
  /// `backlog` connections not yet accepted (socket, bind, listen).
  /// - Throws: the `Errno` of the call that failed (`.addressInUse` when something is at
  ///   the path already).
  public static func listen(at address: UnixSocketAddress, backlog: Int32 = 16) throws(Errno)
    -> FileDescriptor
  {
    let socket = try stream(nonBlocking: true)
    let bound = address.withSockaddr { bind(socket.rawValue, $0, $1) }
    guard bound == 0, Glibc.listen(socket.rawValue, backlog) == 0 else {
      let failure = POSIX.lastError
      try? socket.close()
      throw failure
    }
    return socket
  }

  /// Accepts one pending connection, non-blocking (accept4).
  /// - Throws: `.wouldBlock` when none waits; `.tooManyOpenFiles` and the like when the
  ///   system has no descriptor left for one.
  public static func accept(_ listener: FileDescriptor) throws(Errno) -> FileDescriptor {
    while true {
      let accepted = csimonposix_accept(listener.rawValue)
      if accepted >= 0 { return FileDescriptor(rawValue: accepted) }
      let failure = POSIX.lastError
      if failure != .interrupted { throw failure }
    }
  }

  /// Reads what has arrived into `buffer` (recv): blocks on a blocking socket, throws
  /// `.wouldBlock` on a non-blocking one when nothing waits.
  /// - Returns: how many bytes were read; 0 when the peer has closed its end.
  public static func receive(_ socket: FileDescriptor, into buffer: inout [UInt8])
    throws(Errno) -> Int
  {
    while true {
      let count = buffer.withUnsafeMutableBytes {
        recv(socket.rawValue, $0.baseAddress, $0.count, 0)
      }
      if count >= 0 { return count }
      let failure = POSIX.lastError
      if failure != .interrupted { throw failure }
    }
  }

  /// Sends as much of `bytes` as the socket takes (send), never raising SIGPIPE: blocks on
  /// a blocking socket until some is taken, throws `.wouldBlock` on a full non-blocking one.
  /// - Returns: how many bytes were sent.
  /// - Throws: `.brokenPipe` or `.connectionReset` when the peer has gone.
  public static func send(_ bytes: ArraySlice<UInt8>, to socket: FileDescriptor) throws(Errno)
    -> Int
  {
    while true {
      let count = bytes.withUnsafeBytes {
        Glibc.send(socket.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count >= 0 { return count }
      let failure = POSIX.lastError
      if failure != .interrupted { throw failure }
    }
  }

  /// Ends both directions (shutdown), so a thread blocked reading the socket sees the end.
  /// The descriptor stays open until closed.
  public static func shutdown(_ socket: FileDescriptor) {
    _ = Glibc.shutdown(socket.rawValue, Int32(SHUT_RDWR))
  }

  /// Who is at the other end of a connected socket (SO_PEERCRED); nil when the system
  /// does not say.
  public static func peerCredentials(of socket: FileDescriptor) -> PeerCredentials? {
    // struct ucred is hidden behind _GNU_SOURCE; its layout is three 32-bit fields.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, .max, .max)
    var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
    let peerCredentialsOption: Int32 = 17  // SO_PEERCRED on every Linux but powerpc's
    guard getsockopt(socket.rawValue, SOL_SOCKET, peerCredentialsOption, &credentials, &length) == 0
    else { return nil }
    return PeerCredentials(
      processID: credentials.pid, userID: credentials.uid, groupID: credentials.gid)
  }

  /// A new close-on-exec Unix stream socket.
  private static func stream(nonBlocking: Bool) throws(Errno) -> FileDescriptor {
    let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | flags, 0)
    guard socket >= 0 else { throw POSIX.lastError }
    return FileDescriptor(rawValue: socket)
  }
}
