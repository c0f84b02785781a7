import SimonPOSIX
import SystemPackage

/// The socket calls of a client of simond's sockets (`SimClient`, `ControlClient`), in
/// their words: what a connect failing means for simond and the path, and what a read or
/// a send came to. The descriptor is blocking; a reader thread blocks in `read`.
package enum ClientSocket {
  /// The longest path a Unix socket address holds, without its terminating zero.
  package static let maximumPathLength = UnixSocketAddress.maximumPathLength

  /// Opens a Unix stream socket and connects it to `path`, where `service` should listen.
  /// - Returns: the connected descriptor, blocking and close-on-exec.
  /// - Throws: `SocketClientError` saying why, in terms of simond, the service and the path.
  package static func connect(
    to path: String, for service: SocketService
  ) throws(SocketClientError) -> FileDescriptor {
    guard let address = UnixSocketAddress(path: path) else {
      throw .badPath(path, maximumLength: maximumPathLength)
    }
    do {
      return try Socket.connect(to: address)
    } catch {
      throw SocketClientError(
        connecting: path, to: service, errno: error, found: POSIX.fileKind(at: path))
    }
  }

  /// What a read or a send came to.
  package enum Outcome: Equatable {
    /// This many bytes were read, or every byte was sent.
    case done(Int)
    /// The peer has closed the connection (or reset it).
    case peerGone
    /// Another error.
    case failed(Errno)
  }

  /// Reads what has arrived, blocking until something has.
  package static func read(_ socket: FileDescriptor, into buffer: inout [UInt8]) -> Outcome {
    do {
      let count = try Socket.receive(socket, into: &buffer)
      return count > 0 ? .done(count) : .peerGone
    } catch {
      return error == .connectionReset ? .peerGone : .failed(error)
    }
  }

  /// Writes every byte, blocking as needed, never raising SIGPIPE.
  package static func send(_ socket: FileDescriptor, _ bytes: [UInt8]) -> Outcome {
    var offset = 0
    while offset < bytes.count {
      do {
        offset += try Socket.send(bytes[offset...], to: socket)
      } catch {
        switch error {
        case .brokenPipe, .connectionReset, .socketNotConnected: return .peerGone
        default: return .failed(error)
        }
      }
    }
    return .done(offset)
  }

  /// Ends both directions so a thread blocked in `read` sees the end. The descriptor
  /// stays open until `close`.
  package static func shutdown(_ socket: FileDescriptor) {
    Socket.shutdown(socket)
  }

  /// Closes the descriptor. Not retried on EINTR: Linux has closed it anyway.
  package static func close(_ socket: FileDescriptor) {
    try? socket.close()
  }
}
