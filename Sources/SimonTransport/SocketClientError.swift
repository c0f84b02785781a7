import SimonPOSIX
import SystemPackage

/// Why a client could not reach, or lost, one of simond's sockets: a kind a program can
/// act on and a message for people that names the socket and what to do.
public struct SocketClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The broad class of the problem.
  public enum Kind: String, Sendable {
    /// Nothing at the path: simond is not running with this socket.
    case notRunning
    /// A socket file is there but nobody accepts on it (simond stopped and left it).
    case refused
    /// Something other than a socket is at the path.
    case notASocket
    /// This user may not connect to the socket.
    case permissionDenied
    /// The path cannot be a socket address (empty or too long).
    case badPath
    /// The cabinet sent no state in the time allowed.
    case timedOut
    /// The connection ended: simond stopped, or the client closed it.
    case disconnected
    /// Any other system error.
    case io
  }

  /// The broad class of the problem.
  public var kind: Kind
  /// The socket's path.
  public var path: String
  /// What went wrong, for people, naming the socket.
  public var message: String

  /// A problem of a kind, with its socket and message.
  public init(_ kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// Why `connect` to `path`, where `service` should listen, failed with `errno`, given
  /// what `stat` found there.
  package init(
    connecting path: String, to service: SocketService, errno: Errno, found: POSIX.FileKind
  ) {
    switch (errno, found) {
    case (.permissionDenied, _), (.notPermitted, _):
      self.init(
        .permissionDenied, path: path,
        message: "permission denied connecting to \(path): this user needs write permission "
          + "on the socket and search permission on its directories")
    case (_, .other), (_, .directory), (.notSocket, _):
      self.init(
        .notASocket, path: path,
        message:
          "\(path) is not a socket: give the \(service.pathOption) path simond was started with")
    case (.noSuchFileOrDirectory, _), (.notDirectory, _), (_, .missing):
      self.init(
        .notRunning, path: path,
        message: "no \(service.name) at \(path): simond is not running with "
          + "\(service.startOptions) \(path), or the path is wrong")
    case (.connectionRefused, _):
      self.init(
        .refused, path: path,
        message: "nothing is listening on \(path): simond has stopped and left its socket "
          + "behind; start it again with \(service.startOptions) \(path)")
    default:
      self = .io("cannot connect to", path: path, errno: errno)
    }
  }

  /// The path cannot be a Unix socket address.
  package static func badPath(_ path: String, maximumLength: Int) -> SocketClientError {
    let problem = path.isEmpty ? "is empty" : "is longer than \(maximumLength) bytes"
    return SocketClientError(
      .badPath, path: path, message: "the socket path \(problem): \"\(path)\"")
  }

  /// The cabinet closed the connection.
  package static func disconnected(_ path: String) -> SocketClientError {
    SocketClientError(
      .disconnected, path: path, message: "simond closed the connection on \(path)")
  }

  /// The client itself had closed the connection.
  package static func closed(_ path: String) -> SocketClientError {
    SocketClientError(
      .disconnected, path: path, message: "the connection to \(path) is already closed")
  }

  /// A system call failed for another reason.
  package static func io(_ what: String, path: String, errno: Errno) -> SocketClientError {
    SocketClientError(.io, path: path, message: "\(what) \(path): \(errno)")
  }
}

/// What listens on a socket, in the words a client's errors use to say how to reach it.
public struct SocketService: Sendable, Equatable {
  /// What listens, as in "no simulated cabinet at PATH".
  public var name: String
  /// simond's option that names the path: "--sim-socket".
  public var pathOption: String
  /// simond's options, before the path, that make it listen there: "--hardware sim
  /// --sim-socket".
  public var startOptions: String

  /// A service by its name and simond's options for it.
  public init(name: String, pathOption: String, startOptions: String) {
    self.name = name
    self.pathOption = pathOption
    self.startOptions = startOptions
  }
}
