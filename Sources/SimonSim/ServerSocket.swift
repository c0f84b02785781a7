import Glibc
import SimonPOSIX

/// The socket calls of the simulated cabinet's server, each retried on EINTR and turned
/// into a thrown `SocketError` naming the call and the path.
package enum UnixSocket {
  /// Creates, binds and listens on a Unix stream socket at `path`, non-blocking. A stale
  /// socket file nobody listens on is replaced; a live one is an error, and so is
  /// anything else at the path (a file, a directory): nothing but a stale socket is ever
  /// removed.
  package static func listen(at path: String) throws -> Int32 {
    guard !path.isEmpty else { throw SocketError("no socket path given") }
    guard let address = UnixSocketAddress(path: path) else {
      throw SocketError("socket path \(path) is too long")
    }
    if let live = try? ClientSocket.connect(to: path) {
      close(live)
      throw SocketError("another program is already serving the socket \(path)")
    }
    var existing = stat()
    if lstat(path, &existing) == 0 {
      guard existing.st_mode & S_IFMT == S_IFSOCK else {
        throw SocketError(
          "\(path) exists and is not a socket; not replacing it: give a path for the socket")
      }
      unlink(path)
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw SocketError("socket() for \(path)", errno: errno) }
    do {
      try address.withSockaddr { generic, length in
        if bind(fd, generic, length) != 0 { throw SocketError("bind \(path)", errno: errno) }
      }
      if Glibc.listen(fd, 16) != 0 { throw SocketError("listen on \(path)", errno: errno) }
      try setNonBlocking(fd)
    } catch {
      close(fd)
      throw error
    }
    return fd
  }

  /// Accepts one pending connection, non-blocking and close-on-exec; nil when none waits.
  package static func accept(_ listener: Int32) -> Int32? {
    while true {
      let fd = Listener.accept(listener)
      if fd >= 0 { return fd }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// Reads what is there; 0 at end of stream, nil when nothing waits.
  package static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count >= 0 { return count }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
      return 0
    }
  }

  /// Writes as much as the socket takes without blocking; -1 when the peer is gone.
  package static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
    while true {
      let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count >= 0 { return count }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
      return -1
    }
  }

  /// Who is at the other end of a connected socket (SO_PEERCRED); uid and gid
  /// `UInt32.max` and pid 0 when the system does not say.
  package static func peerCredentials(_ fd: Int32) -> (pid: Int32, uid: UInt32, gid: UInt32) {
    // struct ucred is hidden behind _GNU_SOURCE; its layout is three 32-bit fields.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, .max, .max)
    var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
    let peerCredentialsOption: Int32 = 17  // SO_PEERCRED on every Linux but powerpc's
    if getsockopt(fd, SOL_SOCKET, peerCredentialsOption, &credentials, &length) != 0 {
      return (0, .max, .max)
    }
    return credentials
  }

  package static func setNonBlocking(_ fd: Int32) throws {
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let flags = fcntl(fd, F_GETFL)
    if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0 {
      throw SocketError("fcntl O_NONBLOCK", errno: errno)
    }
  }
}

/// A socket call that failed, with the call, the path and the system's reason.
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What failed and why, for people.
  public var message: String
  /// The system error number, where there was one.
  public var errno: Int32?

  package init(_ what: String, errno: Int32? = nil) {
    self.errno = errno
    if let errno {
      message = "\(what): \(String(cString: strerror(errno)))"
    } else {
      message = what
    }
  }

  /// The message.
  public var description: String { message }
}
