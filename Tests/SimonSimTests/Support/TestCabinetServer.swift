import Glibc
import SimonPOSIX
import SimonTransport
import Synchronization
import SystemPackage

/// A Unix socket server for one test: listens at a fresh path, accepts the client that
/// has already connected, and lets the test write raw lines and read what the client sent.
/// Every call it makes returns at once in the tests' order of events, so nothing waits.
final class TestCabinetServer {
  private static let counter = Atomic<Int>(0)

  /// The socket's path, unique to this server.
  let path: String
  private let listener: Int32

  /// Listens at a fresh path under /tmp.
  init() throws {
    let number = Self.counter.add(1, ordering: .relaxed).newValue
    path = "/tmp/simon-client-test-\(getpid())-\(number).sock"
    unlink(path)
    listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw TestSocketError("socket", errno) }
    let bound = UnixSocketAddress(path: path)!.withSockaddr { bind(listener, $0, $1) }
    guard bound == 0, listen(listener, 4) == 0 else {
      close(listener)
      throw TestSocketError("bind/listen \(path)", errno)
    }
  }

  deinit {
    close(listener)
    unlink(path)
  }

  /// Accepts the next connection (a client must already have connected).
  func accept() throws -> Peer {
    // Closed on exec from the start (accept4), then blocking as the peer's reads expect.
    let accepted: Int32
    do {
      accepted = try Socket.accept(FileDescriptor(rawValue: listener)).rawValue
    } catch {
      throw TestSocketError("accept", error.rawValue)
    }
    _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) & ~O_NONBLOCK)
    return Peer(fd: accepted)
  }

  /// Makes a socket file at a fresh path that nobody listens on, as a stopped daemon
  /// leaves behind. The caller removes it.
  static func staleSocket() throws -> String {
    let number = counter.add(1, ordering: .relaxed).newValue
    let path = "/tmp/simon-client-test-\(getpid())-\(number)-stale.sock"
    unlink(path)
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(fd) }
    guard let address = UnixSocketAddress(path: path),
      address.withSockaddr({ bind(fd, $0, $1) }) == 0
    else {
      throw TestSocketError("bind \(path)", errno)
    }
    return path
  }
}

/// The server's end of one connection.
final class Peer {
  private let fd: Int32
  private var input: [UInt8] = []
  private var closed = false

  init(fd: Int32) { self.fd = fd }

  deinit { close() }

  /// Writes raw text, as it is.
  func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return }
      offset += count
    }
  }

  /// Reads the next line the client sent, without its newline; nil at the end.
  func readLine() -> String? {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
        defer { input.removeSubrange(...newline) }
        return String(decoding: input[..<newline], as: UTF8.self)
      }
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      input += buffer[..<count]
    }
  }

  /// Closes the connection.
  func close() {
    guard !closed else { return }
    closed = true
    Glibc.close(fd)
  }
}

/// A socket call of the test server failed.
struct TestSocketError: Error, CustomStringConvertible {
  let description: String
  init(_ what: String, _ errno: Int32) {
    description = "\(what): \(String(cString: strerror(errno)))"
  }
}
