import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import SimonWeb

/// The rules that hold connections and the kiosk to this machine, without sockets.
@Suite struct ConnectionLimitsTests {
  static let limits = ConnectionLimits(
    maximum: 4, keptForThisMachine: 2, headerTimeout: .seconds(1), idleTimeout: .seconds(1))

  @Test func otherMachinesLeaveTheKeptPlacesToThisOne() {
    let count = ConnectionCount(limits: Self.limits)
    #expect(count.admit(fromThisMachine: false) == (true, false))
    #expect(count.admit(fromThisMachine: false) == (true, false))
    // Two taken: what is left is kept for this machine.
    #expect(count.admit(fromThisMachine: false) == (false, true))
    #expect(count.admit(fromThisMachine: false) == (false, false))  // told once
    #expect(count.admit(fromThisMachine: true) == (true, false))
    #expect(count.admit(fromThisMachine: true) == (true, false))
    #expect(count.admit(fromThisMachine: true) == (false, true))
    #expect(count.open == 4)
    count.leave()
    #expect(count.admit(fromThisMachine: true) == (true, false))
    count.leave()
    count.leave()
    count.leave()
    #expect(count.admit(fromThisMachine: false) == (true, false))
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("127.1.2.3", true), ("::1", true), ("::ffff:127.0.0.1", true),
    ("192.0.2.7", false), ("10.0.0.1", false), ("fd00::2", false), ("::ffff:192.0.2.7", false),
  ])
  func onlyLoopbackAddressesAreThisMachine(_ ip: String, _ local: Bool) throws {
    let address = try SocketAddress(ipAddress: ip, port: 40000)
    #expect(ScreenContext.isLoopback(address) == local)
  }

  @Test func anUnknownAddressIsNotThisMachine() {
    #expect(!ScreenContext.isLoopback(nil))
  }

  @Test func onlyAPageOnThisMachineMayBeTheCabinetsScreen() throws {
    var context = ScreenContext(
      source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
    context.remoteAddress = try SocketAddress(ipAddress: "192.0.2.7", port: 40000)
    #expect(!LiveSocket.isCabinetScreen(asked: true, from: context))
    #expect(!LiveSocket.isCabinetScreen(asked: false, from: context))
    context.remoteAddress = try SocketAddress(ipAddress: "127.0.0.1", port: 40000)
    #expect(LiveSocket.isCabinetScreen(asked: true, from: context))
    #expect(!LiveSocket.isCabinetScreen(asked: false, from: context))
  }

  @Test(arguments: ["/screen.js%00.html", "/api/players/A%0Ab", "/a%7Fb", "/%ZZ", "/%C3"])
  func aPathWithAControlCharacterOrBadEncodingIsRefused(_ path: String) {
    #expect(throws: APIError.self) { try ScreenGuard<ScreenContext>.checkPath(path) }
  }

  @Test(arguments: ["/", "/screen.js", "/api/players/Ann%20Lee", "/api/players/Zo%C3%AB"])
  func ordinaryPathsPass(_ path: String) throws {
    try ScreenGuard<ScreenContext>.checkPath(path)
  }
}
