import Testing

@testable import SimonWeb

@Suite struct ListenAddressTests {
  @Test func readsAddressesAndPorts() throws {
    #expect(try ListenAddress("127.0.0.1:8080") == ListenAddress(host: "127.0.0.1", port: 8080))
    #expect(try ListenAddress("0.0.0.0:0").port == 0)
    #expect(try ListenAddress("[::1]:9000").host == "::1")
    #expect(try ListenAddress("[::1]:9000").urlHost == "[::1]")
    #expect(try ListenAddress("localhost:80").host == "localhost")
  }

  @Test(arguments: [
    ("8080", "expected ADDRESS:PORT"), (":8080", "no address"), ("127.0.0.1:", "port must be"),
    ("127.0.0.1:70000", "port must be"), ("::1:80", "expected ADDRESS:PORT"),
    ("[::1]80", "[ADDRESS]:PORT"), ("host:http", "port must be"),
  ])
  func refusesWithWhatIsWrong(text: String, words: String) {
    #expect {
      try ListenAddress(text)
    } throws: { error in
      "\(error)".contains(words) && "\(error)".contains(text)
    }
  }
}

extension ListenAddress {
  init(host: String, port: Int) {
    try! self.init("\(host.contains(":") ? "[\(host)]" : host):\(port)")
  }
}
