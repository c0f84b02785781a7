import Glibc
import SimonPOSIX
import Testing

@Suite("Unix socket addresses")
struct UnixSocketAddressTests {
  @Test func aPathThatFitsSunPathMakesAnAddressAndOneByteMoreDoesNot() {
    #expect(UnixSocketAddress.maximumPathLength == 107)
    #expect(UnixSocketAddress(path: "/" + String(repeating: "a", count: 106)) != nil)
    #expect(UnixSocketAddress(path: "/" + String(repeating: "a", count: 107)) == nil)
  }

  @Test func anEmptyPathMakesNoAddress() {
    #expect(UnixSocketAddress(path: "") == nil)
  }

  @Test func aDatagramSentToAPathAddressArrivesAtTheSocketBoundThere() throws {
    let path = "/tmp/simon-posix-test-\(getpid()).sock"
    unlink(path)
    defer { unlink(path) }
    let received = try roundTrip(UnixSocketAddress(path: path)!, "READY=1")
    #expect(received == "READY=1")
  }

  @Test func aSystemdNameWithAnAtSignIsAnAbstractSocketAndLeavesNoFile() throws {
    let name = "simon-posix-test-\(getpid())"
    let received = try roundTrip(UnixSocketAddress(systemdName: "@" + name)!, "WATCHDOG=1")
    #expect(received == "WATCHDOG=1")
    #expect(access(name, F_OK) != 0 && access("@" + name, F_OK) != 0)
  }

  /// Binds a datagram socket at `address`, sends `message` to it from another and
  /// returns what arrived.
  private func roundTrip(_ address: UnixSocketAddress, _ message: String) throws -> String {
    let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(receiver) }
    try #require(address.withSockaddr { bind(receiver, $0, $1) } == 0)
    let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(sender) }
    let bytes = Array(message.utf8)
    let sent = address.withSockaddr { generic, length in
      bytes.withUnsafeBytes { sendto(sender, $0.baseAddress, $0.count, 0, generic, length) }
    }
    try #require(sent == bytes.count)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = recv(receiver, &buffer, buffer.count, 0)
    try #require(count > 0)
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
}
