import Foundation
import SimonControl
import SimonGame
import Testing

@testable import SimonWeb

@Suite struct LiveFeedTests {
  static let hello = ControlHello(
    protocolVersion: 1, cabinet: "arcade", version: "0.1.0", stateDirectory: "/var/lib/x",
    hardware: "sim")
  static var snapshot: ControlSnapshot {
    ControlSnapshot(
      lit: [.green: false, .red: false, .yellow: false, .blue: false], tone: nil,
      state: Game().view, settings: ControlSettings(values: .defaults, changed: []))
  }

  @Test func aPageStartsWithTheLinkThenTheHelloAndTheSnapshot() throws {
    let up = CabinetLink.Standing(
      up: true, why: nil, hello: Self.hello, snapshot: Self.snapshot, time: 42)
    let lines = LiveFeed.opening(up)
    #expect(lines.count == 3)
    #expect(lines[0] == "{\"link\":{\"up\":true}}\n")
    #expect(try ControlMessage(line: lines[1]) == .hello(Self.hello))
    #expect(try ControlMessage(line: lines[2]) == .snapshot(Self.snapshot, t: 42))
  }

  @Test func whileSimondIsAwayAPageIsToldWhy() {
    let down = CabinetLink.Standing(
      up: false, why: "no control socket at /run/x", hello: Self.hello, snapshot: Self.snapshot,
      time: 0)
    #expect(
      LiveFeed.opening(down) == [
        "{\"link\":{\"up\":false,\"why\":\"no control socket at /run/x\"}}\n"
      ])
  }

  @Test func eventsKeepTheSnapshotAsSimondsOwnWouldBe() {
    var standing = CabinetLink.Standing(
      up: true, why: nil, hello: Self.hello, snapshot: Self.snapshot, time: 0)
    #expect(LiveFeed.apply(.led(.red, on: true, t: 5), to: &standing))
    #expect(LiveFeed.apply(.tone(415, t: 6), to: &standing))
    var view = Game().view
    view.round = 3
    #expect(LiveFeed.apply(.state(view, t: 7), to: &standing))
    #expect(standing.snapshot?.lit[.red] == true)
    #expect(standing.snapshot?.tone == 415)
    #expect(standing.snapshot?.state.round == 3)
    #expect(standing.time == 7)
  }

  @Test func statusIsTheLinkTheHelloAndTheSnapshotAsTheSocketSendsThem() throws {
    let up = CabinetLink.Standing(
      up: true, why: nil, hello: Self.hello, snapshot: Self.snapshot, time: 42)
    let body = try JSONEncoder.api.encode(ScreenStatus(up))
    let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    #expect(Set(object.keys) == ["link", "hello", "snapshot", "t"])
    #expect(object["t"] as? Int == 42)
    #expect(
      try JSONDecoder().decode(ControlHello.self, from: member("hello", of: body)) == Self.hello)
    #expect(
      try JSONDecoder().decode(ControlSnapshot.self, from: member("snapshot", of: body))
        == Self.snapshot)
    #expect(
      String(decoding: try member("link", of: body), as: UTF8.self) == "{\"up\":true}")

    let away = CabinetLink.Standing(up: false, why: "no socket", hello: nil, snapshot: nil, time: 0)
    let awayBody = String(decoding: try JSONEncoder.api.encode(ScreenStatus(away)), as: UTF8.self)
    #expect(awayBody == "{\"link\":{\"up\":false,\"why\":\"no socket\"}}")
  }

  /// One member of a JSON object, as JSON.
  private func member(_ key: String, of body: Data) throws -> Data {
    let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    return try JSONSerialization.data(
      withJSONObject: try #require(object[key]), options: [.sortedKeys, .withoutEscapingSlashes])
  }

  @Test func repliesToRequestsAreNotForPages() {
    var standing = CabinetLink.Standing(up: true, why: nil, hello: nil, snapshot: nil, time: 0)
    #expect(!LiveFeed.apply(.ok(.number(1), ControlResult()), to: &standing))
    #expect(!LiveFeed.apply(.error("no", id: .number(2), reason: .invalid), to: &standing))
  }
}
