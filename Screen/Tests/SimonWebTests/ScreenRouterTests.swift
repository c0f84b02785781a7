import Foundation
import Hummingbird
import Logging
import SimonGame
import SimonPOSIX
import SimonScores
import SimonVenueStore
import Testing

@testable import SimonWeb

/// The server's rules without a socket (the router in memory), with simond away: a link
/// that was never started and requests to a socket that does not exist.
@Suite struct ScreenRouterTests {
  static let assets = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Public").path

  let client: InMemoryClient = {
    let socket = "/nonexistent/control.sock"
    let link = CabinetLink(path: socket, logger: Logger(label: "test"))
    return InMemoryClient(
      ScreenServer.router(
        options: .init(host: "127.0.0.1", port: 0, assets: Self.assets, allowedHosts: []),
        link: link, ask: ControlAsk(path: socket, limit: .milliseconds(200)), hostName: "arcade"))
  }()

  @Test func thePageIsServedWithItsPolicy() async throws {
    let answer = try await client.send(.get, "/")
    #expect(answer.status == .ok)
    #expect(answer.body.contains("screen.js"))
    let policy = answer.headers[.contentSecurityPolicy] ?? ""
    #expect(policy.contains("default-src 'none'"))
    #expect(policy.contains("connect-src 'self'"))
    #expect(answer.headers[.xFrameOptions] == "DENY")
  }

  @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch])
  func theAPIRefusesWrites(method: HTTPRequest.Method) async throws {
    for path in ["/api/tables", "/api/players/ANNA", "/", "/api/name-entry"] {
      let answer = try await client.send(method, path, host: "localhost:8080", body: "{}")
      #expect(answer.status == .methodNotAllowed)
      #expect(answer.headers[.allow] == "GET, HEAD")
      #expect(answer.body.contains("read-only"))
    }
  }

  @Test func headIsAnsweredAsGetWithoutItsBody() async throws {
    let get = try await client.send(.get, "/api/status")
    let head = try await client.send(.head, "/api/status")
    #expect(head.status == .ok)
    #expect(head.body.isEmpty)
    #expect(head.headers[.contentLength] == String(get.body.utf8.count))
    #expect(head.headers[.contentSecurityPolicy] != nil)
  }

  @Test func anotherSitesNameIsRefused() async throws {
    let refused = try await client.send(.get, "/api/status", host: "evil.example.com:8080")
    #expect(refused.status == .misdirectedRequest)
    #expect(refused.body.contains("evil.example.com"))
    let allowed = try await client.send(.get, "/api/status", host: "arcade.local:8080")
    #expect(allowed.status == .ok)
  }

  @Test func statusSaysSimondIsAway() async throws {
    let answer = try await client.send(.get, "/api/status")
    #expect(answer.status == .ok)
    let body = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
    let link = body?["link"] as? [String: Any]
    #expect(link?["up"] as? Bool == false)
    #expect(answer.headers[.cacheControl] == "no-store")
  }

  @Test("a refusal of simond's gets the status of its reason, never of its words")
  func aRefusalsStatusFollowsItsReason() {
    #expect(ScreenAPI.status(of: .invalid) == .badRequest)
    #expect(ScreenAPI.status(of: .notFound) == .notFound)
    #expect(ScreenAPI.status(of: .conflict) == .conflict)
    #expect(ScreenAPI.status(of: .unavailable) == .serviceUnavailable)
    #expect(ScreenAPI.status(of: nil) == .badRequest, "a simond that gives no reason")
  }

  @Test("a player's name in a path is percent-decoded: spaces and accents reach simond")
  func aNameInAPathIsDecoded() throws {
    #expect(try ScreenAPI.name(inPath: "Ann%20Lee") == "Ann Lee")
    #expect(try ScreenAPI.name(inPath: "Zo%C3%AB") == "Zoë")
    #expect(try ScreenAPI.name(inPath: "Ann") == "Ann")
    #expect(throws: APIError.self) { try ScreenAPI.name(inPath: "Ann%ZZ") }
    #expect(throws: APIError.self) { try ScreenAPI.name(inPath: "%FF") }
  }

  @Test func askingSimondWhenItIsAwayIs503WithWhy() async throws {
    let answer = try await client.send(.get, "/api/tables")
    #expect(answer.status == .serviceUnavailable)
    #expect(answer.body.contains("/nonexistent/control.sock"))
  }

  @Test(arguments: ["abc", "0", "201", "-1", "99999999999999999999"])
  func aBadCountSaysWhatIsAllowed(count: String) async throws {
    let answer = try await client.send(.get, "/api/recent?count=\(count)")
    #expect(answer.status == .badRequest)
    #expect(answer.body.contains("from 1 to 200"))
  }

  @Test func theVenueIsTheBridgesVenueFile() async throws {
    let directory = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-web-venue-")
    defer {
      for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
        POSIX.removeFile(directory + "/" + file)
      }
      POSIX.removeDirectory(directory)
    }
    let socket = "/nonexistent/control.sock"
    let client = InMemoryClient(
      ScreenServer.router(
        options: .init(
          host: "127.0.0.1", port: 0, assets: Self.assets, allowedHosts: [],
          venueDirectory: directory),
        link: CabinetLink(path: socket, logger: Logger(label: "test")),
        ask: ControlAsk(path: socket, limit: .milliseconds(200)), hostName: "arcade"))

    let none = try await client.send(.get, "/api/venue")
    #expect(none.status == .ok)
    #expect(none.body == #"{"merged":{},"tables":[]}"#, "no bridge here: no venue games")

    let game = GameRecord(
      id: 7,
      result: GameResult(
        points: 120, rounds: 11, mode: .classic, difficulty: .medium, name: "Zed",
        members: ["Zed"], ending: .mistake, duration: .seconds(40)),
      startedAt: Date(timeIntervalSince1970: 1_795_289_825),
      endedAt: Date(timeIntervalSince1970: 1_795_289_865))
    try VenueStore(directory: directory).merge([
      VenueRecord(cabinet: "cab-2", sequence: 3, game: game)
    ])
    let one = try await client.send(.get, "/api/venue")
    #expect(one.status == .ok)
    let body = try #require(
      try JSONSerialization.jsonObject(with: Data(one.body.utf8)) as? [String: Any])
    #expect(body["merged"] as? [String: Int] == ["cab-2": 1])
    let tables = try #require(body["tables"] as? [[String: Any]])
    #expect(tables.map { $0["mode"] as? String } == ["classic"])
    let top = try #require(tables.first?["top"] as? [[String: Any]])
    #expect(top.map { $0["cabinet"] as? String } == ["cab-2"])
    #expect(top.map { ($0["game"] as? [String: Any])?["name"] as? String } == ["Zed"])
  }

  @Test func anUnknownAPIIs404() async throws {
    let answer = try await client.send(.get, "/api/secrets")
    #expect(answer.status == .notFound)
    #expect(answer.body.contains("/api/secrets"))
  }

  @Test func aWebSocketFromAnotherSiteIsRefused() async throws {
    let answer = try await client.send(
      .get, "/live", headers: [.origin: "http://evil.example.com"])
    #expect(answer.status == .forbidden)
  }
}
