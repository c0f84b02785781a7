import Glibc
import SimonPOSIX

/// The socket calls of the simulated cabinet's client: every libc call `SimClient` makes,
/// each retried on EINTR. The descriptor is blocking; the reader thread blocks in `read`.
package enum ClientSocket {
  /// What is at a path, for saying why a connect failed.
  package enum FileKind: Equatable {
    /// Nothing (or a directory on the way is missing).
    case missing
    /// A Unix socket.
    case socket
    /// A file, directory or device: not something to connect to.
    case other
  }

  /// The longest path a Unix socket address holds, without its terminating zero.
  package static let maximumPathLength = UnixSocketAddress.maximumPathLength

  /// Opens a Unix stream socket and connects it to `path` (socket, connect).
  /// - Returns: the connected descriptor, blocking and close-on-exec.
  /// - Throws: `SimClientError` saying why, in terms of simond and the path.
  package static func connect(to path: String) throws(SimClientError) -> Int32 {
    guard let address = UnixSocketAddress(path: path) else {
      throw .badPath(path, maximumLength: maximumPathLength)
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .io("cannot make a socket for", path: path, errno: errno) }
    var result: Int32 = 0
    var failure: Int32 = 0
    repeat {
      result = address.withSockaddr { Glibc.connect(fd, $0, $1) }
      failure = result == 0 ? 0 : errno
    } while result != 0 && failure == EINTR
    // A connect interrupted by a signal goes on in the background: EISCONN says it is done.
    guard result == 0 || failure == EISCONN else {
      Glibc.close(fd)
      throw SimClientError(connecting: path, errno: failure, found: fileKind(at: path))
    }
    return fd
  }

  /// What a read or a send came to.
  package enum Outcome: Equatable {
    /// This many bytes were read, or every byte was sent.
    case done(Int)
    /// The peer has closed the connection (or reset it).
    case peerGone
    /// Another error, with its number.
    case failed(Int32)
  }

  /// Reads what has arrived, blocking until something has (read).
  package static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Outcome {
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 { return .done(count) }
      if count == 0 || errno == ECONNRESET { return .peerGone }
      if errno != EINTR { return .failed(errno) }
    }
  }

  /// Writes every byte, blocking as needed, never raising SIGPIPE (send with MSG_NOSIGNAL).
  package static func send(_ fd: Int32, _ bytes: [UInt8]) -> Outcome {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count >= 0 {
        offset += count
      } else if errno == EPIPE || errno == ECONNRESET || errno == ENOTCONN {
        return .peerGone
      } else if errno != EINTR {
        return .failed(errno)
      }
    }
    return .done(offset)
  }

  /// Ends both directions so a thread blocked in `read` sees the end (shutdown). The
  /// descriptor stays open until `close`.
  package static func shutdown(_ fd: Int32) {
    _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Closes the descriptor (close). Not retried on EINTR: Linux has closed it anyway.
  package static func close(_ fd: Int32) {
    _ = Glibc.close(fd)
  }

  /// What is at `path` (stat).
  package static func fileKind(at path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return info.st_mode & S_IFMT == S_IFSOCK ? .socket : .other
  }

  /// The system's text for an error number (strerror).
  package static func describe(_ errno: Int32) -> String {
    String(cString: strerror(errno))
  }
}
