import Glibc
import SystemPackage

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
