import Testing

@testable import SimonWeb

@Suite struct HostCheckTests {
  let check = HostCheck(hostName: "arcade", extra: ["simon.example.org"])

  @Test(arguments: [
    "127.0.0.1:8080", "192.168.1.20:8080", "localhost:8080", "LOCALHOST", "arcade:8080",
    "arcade.local:8080", "simon.example.org", "[::1]:8080", "[fe80::1]",
  ])
  func allowsAddressesAndTheCabinetsNames(host: String) {
    #expect(check.allows(host))
  }

  @Test(arguments: [
    "", "evil.example.com:8080", "arcade.evil.com", "127.0.0.1.evil.com", "1.2.3:80",
    "256.1.1.1:80", "[::1", "localhost.evil",
  ])
  func refusesOtherNames(host: String) {
    #expect(!check.allows(host))
  }
}
