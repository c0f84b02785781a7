import SimonPOSIX
import SystemPackage

/// The socket calls of a server on simond's sockets (`LineServer`), in its words: what
/// may be replaced at the path, and what a non-blocking read or write came to.
package enum ServerSocket {
  /// Listens on a Unix stream socket at `path`, non-blocking and close-on-exec. A stale
  /// socket file nobody listens on is replaced; a live one is an error, and so is
  /// anything else at the path (a file, a directory): nothing but a stale socket is ever
  /// removed.
  /// - Throws: `SocketError` naming the path and what is wrong.
  package static func listen(at path: String) throws(SocketError) -> FileDescriptor {
    guard !path.isEmpty else { throw SocketError("no socket path given") }
    guard let address = UnixSocketAddress(path: path) else {
      throw SocketError("socket path \(path) is too long")
    }
    if let live = try? Socket.connect(to: address) {
      try? live.close()
      throw SocketError("another program is already serving the socket \(path)")
    }
    switch POSIX.fileKind(at: path, followingLinks: false) {
    case .missing: break
    case .socket: POSIX.removeFile(path)
    case .directory, .other:
      throw SocketError(
        "\(path) exists and is not a socket; not replacing it: give a path for the socket")
    }
    do {
      return try Socket.listen(at: address)
    } catch {
      throw SocketError("cannot listen on \(path)", errno: error)
    }
  }

  /// What accepting a client came to.
  package enum Accepted {
    /// A client, its descriptor non-blocking and close-on-exec.
    case client(FileDescriptor)
    /// Nobody waits.
    case none
    /// The system has no descriptor or memory left for one (EMFILE, ENFILE, ENOBUFS,
    /// ENOMEM): try again later, not at once.
    case exhausted
  }

  /// Accepts one pending connection.
  package static func accept(_ listener: FileDescriptor) -> Accepted {
    do {
      return .client(try Socket.accept(listener))
    } catch {
      switch error {
      case .tooManyOpenFiles, .tooManyOpenFilesInSystem, .noBufferSpace, .noMemory:
        return .exhausted
      default: return .none
      }
    }
  }

  /// Reads what is there; 0 at end of stream (or on an error), nil when nothing waits.
  package static func read(_ socket: FileDescriptor, into buffer: inout [UInt8]) -> Int? {
    do {
      return try Socket.receive(socket, into: &buffer)
    } catch {
      return error == .wouldBlock ? nil : 0
    }
  }

  /// Writes as much as the socket takes without blocking; -1 when the peer is gone.
  package static func write(_ socket: FileDescriptor, _ bytes: ArraySlice<UInt8>) -> Int {
    do {
      return try Socket.send(bytes, to: socket)
    } catch {
      return error == .wouldBlock ? 0 : -1
    }
  }
}

/// A socket call that failed, with the call, the path and the system's reason.
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What failed and why, for people.
  public var message: String
  /// The system's error, where there was one.
  public var errno: Errno?

  package init(_ what: String, errno: Errno? = nil) {
    self.errno = errno
    message = errno.map { "\(what): \($0)" } ?? what
  }

  /// The message.
  public var description: String { message }
}
