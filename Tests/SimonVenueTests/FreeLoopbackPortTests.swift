import Foundation
import SimonProcessSupport
import Testing

/// The test brokers' ports: a broker stopped and started again on its port must find it
/// free, so the port is one the kernel never gives an outgoing connection.
@Suite("Free loopback ports")
struct FreeLoopbackPortTests {
  @Test func portsAreBelowTheKernelsEphemeralRange() throws {
    let range = try String(
      contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
    let low = try #require(Int(range.split(whereSeparator: \.isWhitespace).first ?? ""))
    // A machine whose ephemeral range starts at 11000 or lower leaves no such ports: any
    // free one will do there.
    let expected = low > 11_000 ? 10_000..<low : 1..<65_536
    for _ in 0..<20 {
      let port = try freeLoopbackPort()
      #expect(expected.contains(port), "port \(port), ephemeral from \(low)")
    }
  }
}
