import Foundation
import Hummingbird
import Logging
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
