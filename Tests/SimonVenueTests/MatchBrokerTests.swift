import Foundation
import ScoresTestSupport
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import SimonVenueStore
import Testing

/// Head to head end to end: two real simonds (simulated cabinets), their real simon-venue
/// bridges and Debian's Mosquitto on a loopback port of the test's own.
@Suite(
  "A match between two cabinets through a real broker", .serialized, .realTime,
  .enabled(if: BrokerProcess.isInstalled, "needs Debian's mosquitto (scripts/install-deps)"))
struct MatchBrokerTests {
  /// Two cabinets, each with its bridge, its control socket and its simulated pads.
  final class Venue: Sendable {
    let broker: BrokerProcess
    let cabinets: [DaemonProcess]
    let bridges: [BridgeProcess]
    let controls: [ControlTestClient]
    let pads: [CabinetClient]

    /// With `asNobody`, each simond runs as nobody where the tests run as root, so a
    /// test can make its state directory refuse files (`DaemonProcess`).
    init(asNobody: Bool = false) async throws {
      let broker = try await BrokerProcess()
      let cabinets = [
        try await DaemonProcess(asNobody: asNobody), try await DaemonProcess(asNobody: asNobody),
      ]
      self.broker = broker
      self.cabinets = cabinets
      bridges = try ["cab-a", "cab-b"].enumerated().map { index, id in
        try BridgeProcess(cabinet: id, broker: broker, controlSocket: cabinets[index].controlPath)
      }
      controls = try cabinets.map { try ControlTestClient(path: $0.controlPath) }
      pads = try cabinets.map { try $0.connect() }
      let ready = await eventually(timeout: 30) {
        self.bridges.allSatisfy {
          $0.log.contains("following simond") && $0.log.contains("connected to the broker")
        }
      }
      guard ready else { throw E2EError("the bridges did not start: \(bridges.map(\.log))") }
    }

    /// The logs, for a failure's message.
    var logs: String {
      zip(bridges, cabinets).map { "\($0.cabinet):\n\($0.log)\nsimond:\n\($1.errorOutput())" }
        .joined(separator: "\n")
    }

    /// The match games a cabinet recorded.
    func matches(_ index: Int) throws -> [MatchGame] {
      try MatchStore(directory: cabinets[index].stateDirectory).load().games
    }

    /// Waits until cabinet `index` shows a match in `state` (nil: none), from message `from`.
    @discardableResult
    func waitForMatch(
      _ index: Int, _ state: HeadToHeadView.State?, from: Int = 0, timeout: Double = 15
    ) async -> Int? {
      await controls[index].waitFor(
        from: from,
        {
          guard case .state(let view, _) = $0 else { return false }
          return view.headToHead?.state == state
        }, timeout: timeout)
    }

    /// cab-a challenges cab-b and a player at cab-b accepts: returns the match's id.
    func agreeOnAMatch() async throws -> String {
      let markA = controls[0].count
      let markB = controls[1].count
      guard case .ok(_, let result) = try await controls[0].ask(.matchChallenge(cabinet: "cab-b")),
        let match = result.match
      else { throw E2EError("the challenge was refused: \(controls[0].messages.last!)") }
      guard await waitForMatch(1, .offered, from: markB) != nil else {
        throw E2EError("cab-b was not offered the match\n\(logs)")
      }
      await pads[1].tap(.green)
      guard await waitForMatch(0, .agreed, from: markA) != nil else {
        throw E2EError("cab-a never heard cab-b accept\n\(logs)")
      }
      return match
    }

    /// When each cabinet's game began: its first countdown after message `from`, on the
    /// one monotonic clock of this machine.
    func countdowns(from marks: [Int]) async throws -> [Int64] {
      var times: [Int64] = []
      for (control, mark) in zip(controls, marks) {
        guard let index = await control.waitForState(.countdown, from: mark, timeout: 20),
          let t = control.messages[index].time
        else { throw E2EError("a cabinet never started the match\n\(logs)") }
        times.append(t)
      }
      return times
    }
  }

  @Test(
    "a race: both cabinets start together on one sequence, each sees the other live, the last one standing wins, and both record it"
  )
  func race() async throws {
    let venue = try await Venue()
    let marks = venue.controls.map(\.count)
    let padMarks = venue.pads.map(\.count)
    let match = try await venue.agreeOnAMatch()
    let started = try await venue.countdowns(from: marks)
    // A bound on a wait, not the figure (scripts/bench bench-match measures it): the
    // suite also runs under emulation, three runs side by side.
    let skew = abs(started[0] - started[1])
    #expect(skew < 1_000_000_000, "start skew \(skew) ns")

    // Both repeat round 1, on the same pad; cab-b then plays no more and is out.
    let firstA = try await venue.pads[0].playTurn(from: padMarks[0])
    let firstB = try await venue.pads[1].playTurn(from: padMarks[1])
    #expect(firstA.pads == firstB.pads && firstA.pads.count == 1)
    let secondA = try await venue.pads[0].playTurn(from: firstA.next)
    #expect(Array(secondA.pads.prefix(1)) == firstA.pads, "one sequence, grown")

    // cab-a sees its rival out after one round, and wins as soon as it repeated two.
    let rivalOut = await venue.controls[0].waitFor(
      from: marks[0],
      {
        guard case .state(let view, _) = $0, let side = view.headToHead?.rivalSide else {
          return false
        }
        return side.rounds == 1 && !side.isIn
      }, timeout: 20)
    #expect(rivalOut != nil, "cab-a never showed cab-b out\n\(venue.logs)")
    for (index, outcome) in [(0, HeadToHead.Outcome.won), (1, .lost)] {
      let decided = await venue.controls[index].waitFor(
        from: marks[index],
        { if case .match(.decided(match, _, outcome), _) = $0 { true } else { false } },
        timeout: 20)
      #expect(decided != nil, "cabinet \(index) did not decide \(outcome)\n\(venue.logs)")
    }
    // cab-a ends its game; both cabinets keep the match, not in their scores.
    await venue.pads[0].tap(.start)
    let recorded = try await eventually(timeout: 30) {
      try venue.matches(0).first?.match.outcome == .won
        && venue.matches(1).first?.match.outcome == .lost
    }
    #expect(
      recorded, "\((try? venue.matches(0)) ?? []) \((try? venue.matches(1)) ?? [])\n\(venue.logs)")
    let a = try #require(try venue.matches(0).first)
    #expect(a.match.match == match && a.match.rival == Rival(cabinet: "cab-b", player: "Player"))
    #expect(a.record.result.rounds >= 2)
    for cabinet in venue.cabinets {
      #expect(try ScoreStore(directory: cabinet.stateDirectory).load().recent.isEmpty)
    }
    // The venue's match table: both sides on both bridges, each with its outcome.
    let tabled = try await eventually(timeout: 30) {
      try venue.bridges.allSatisfy { bridge in
        let listed = try VenueMatchStore(directory: bridge.stateDirectory).load().matches
        return listed.count == 1 && listed[0].map(\.cabinet) == ["cab-a", "cab-b"]
          && listed[0].map(\.game.match.outcome) == [.won, .lost]
      }
    }
    #expect(tabled, "\(venue.logs)")
    // Nor in the venue's tables: a match game is numbered apart, and no bridge took it.
    for bridge in venue.bridges {
      let taken = try OutboxStore(directory: bridge.stateDirectory).load().gamesTaken
      let merged = try VenueStore(directory: bridge.stateDirectory).load().merged
      #expect(taken == 0 && merged.isEmpty, "\(bridge.log)")
    }
  }

  @Test(
    "a player challenges with the pads: green held 4 s opens the challenge page, a press picks the cabinet, and the menu closing sends it"
  )
  func challengeWithThePads() async throws {
    let venue = try await Venue()
    let known = await eventually(timeout: 20) {
      venue.bridges[0].log.contains("cabinets to challenge: cab-b")
    }
    #expect(known, "\(venue.logs)")
    let marks = venue.controls.map(\.count)
    venue.pads[0].press(.green)
    let page = await venue.controls[0].waitFor(
      from: marks[0],
      { if case .state(let view, _) = $0 { view.menu?.page == .challenge } else { false } },
      timeout: 10)
    venue.pads[0].release(.green)
    #expect(page != nil, "no challenge page\n\(venue.logs)")
    // "nobody", "today" (the bridge named the venue), then cab-b.
    await venue.pads[0].tap(.yellow)
    await venue.pads[0].tap(.yellow)
    #expect(
      await venue.controls[0].waitFor(
        from: marks[0],
        { if case .state(let view, _) = $0 { view.menu?.value == "cab-b" } else { false } }) != nil)
    // 5 s without a press: the menu closes on cab-b, and cab-b is challenged.
    #expect(await venue.waitForMatch(0, .sent, from: marks[0], timeout: 10) != nil)
    #expect(
      await venue.waitForMatch(1, .offered, from: marks[1], timeout: 10) != nil, "\(venue.logs)")
  }

  @Test("neither player presses: both are out after as many rounds, as long, and it is a draw")
  func tie() async throws {
    let venue = try await Venue()
    let marks = venue.controls.map(\.count)
    let match = try await venue.agreeOnAMatch()
    for (index, control) in venue.controls.enumerated() {
      let drawn = await control.waitFor(
        from: marks[index],
        { if case .match(.decided(match, _, .draw), _) = $0 { true } else { false } },
        timeout: 30)
      #expect(drawn != nil, "cabinet \(index) did not call it a draw\n\(venue.logs)")
    }
    let recorded = try await eventually(timeout: 30) {
      try venue.matches(0).first?.match.outcome == .draw
        && venue.matches(1).first?.match.outcome == .draw
    }
    #expect(recorded, "\(venue.logs)")
    // Home Assistant's "Last match" (the retained state, read until it shows the draw: the
    // bridge publishes it once it hears the outcome), also once cab-a's bridge started again.
    let drawn = #""last_match":"draw against cab-b""#
    func lastMatch() async throws -> String {
      var shown = ""
      for _ in 0..<15 where !shown.contains(drawn) {
        shown = try await ChildProcess.run(
          "/usr/bin/mosquitto_sub",
          [
            "-h", "127.0.0.1", "-p", String(venue.broker.port), "-t",
            "simon/test-venue/cab-a/state", "-W", "2", "-C", "1",
          ]
        ).output
        if !shown.contains(drawn) { try await Task.sleep(for: .milliseconds(200)) }
      }
      return shown
    }
    let before = try await lastMatch()
    #expect(before.contains(drawn), "\(before)\n\(venue.logs)")
    let tabled = try await eventually(timeout: 20) {
      try VenueMatchStore(directory: venue.bridges[0].stateDirectory).load().sides.count == 2
    }
    #expect(tabled, "\(venue.logs)")
    await venue.bridges[0].signal(SIGTERM)
    // (Its retained state cleared, so that only the restarted bridge can set it again.)
    try await run(
      "/usr/bin/mosquitto_pub",
      [
        "-h", "127.0.0.1", "-p", String(venue.broker.port), "-t", "simon/test-venue/cab-a/state",
        "-r", "-n",
      ])
    try venue.bridges[0].start()
    let after = try await lastMatch()
    #expect(after.contains(drawn), "\(after)\n\(venue.logs)")
  }

  @Test("a challenge nobody accepts lapses after 30 s, and both cabinets are free again")
  func lapse() async throws {
    let venue = try await Venue()
    let marks = venue.controls.map(\.count)
    guard
      case .ok(_, let result) = try await venue.controls[0].ask(.matchChallenge(cabinet: "cab-b")),
      let match = result.match
    else { throw E2EError("the challenge was refused") }
    #expect(await venue.waitForMatch(1, .offered, from: marks[1]) != nil)
    let lapsed = await venue.controls[1].waitFor(
      from: marks[1],
      { if case .match(.answer(match, .lapsed, _), _) = $0 { true } else { false } },
      timeout: 40)
    #expect(lapsed != nil, "\(venue.logs)")
    #expect(await venue.waitForMatch(0, nil, from: marks[0], timeout: 10) != nil, "cab-a freed")
    #expect(await venue.waitForMatch(1, nil, from: lapsed ?? marks[1], timeout: 10) != nil)
    // Free again: cab-a can challenge at once.
    guard case .ok = try await venue.controls[0].ask(.matchChallenge(cabinet: "cab-b")) else {
      throw E2EError("cab-a was not free again")
    }
  }

  @Test(
    "a busy cabinet declines at once, and forged or replayed messages are refused by the bridge"
  )
  func declineAndForgery() async throws {
    let venue = try await Venue()
    // cab-b is in a game: the challenge is declined at once, and cab-a is free again.
    try await _ = venue.pads[1].startGame()
    let mark = venue.controls[0].count
    guard
      case .ok(_, let result) = try await venue.controls[0].ask(.matchChallenge(cabinet: "cab-b")),
      let match = result.match
    else { throw E2EError("the challenge was refused") }
    let sent = await venue.waitForMatch(0, .sent, from: mark)
    #expect(sent != nil)
    let freed = await venue.waitForMatch(0, nil, from: sent ?? mark)
    #expect(freed != nil, "cab-a still waits\n\(venue.logs)")
    #expect(venue.bridges[1].log.contains("simond refused") == false)
    #expect(
      await venue.controls[1].waitFor(
        { if case .match(.answer(match, .declined(.busy), _), _) = $0 { true } else { false } })
        != nil)

    // A message on cab-c's topic that says it is from cab-a; then one of cab-c's own about
    // a match it is not in; then a challenge replayed.
    func publish(_ topic: String, _ payload: String) async throws {
      try await run(
        "/usr/bin/mosquitto_pub",
        ["-h", "127.0.0.1", "-p", String(venue.broker.port), "-q", "1", "-t", topic, "-m", payload])
    }
    let now = Int(Date().timeIntervalSince1970 * 1000)
    try await publish(
      "simon/test-venue/cab-c/match",
      #"{"from":"cab-a","to":"cab-b","match":"x1","seq":1,"kind":"progress","side":{"rounds":9,"points":99,"out_after_ms":null}}"#
    )
    try await publish(
      "simon/test-venue/cab-c/match",
      #"{"from":"cab-c","to":"cab-a","match":"\#(match)","seq":\#(now),"kind":"decided","outcome":"won"}"#
    )
    try await publish(
      "simon/test-venue/cab-c/match",
      #"{"from":"cab-c","to":"cab-b","match":"old","seq":1,"kind":"challenge","player":"EVE","seed":"0000000000000001","sent_ms":\#(now - 600_000)}"#
    )
    let refused = await eventually(timeout: 20) {
      venue.bridges[1].log.contains(
        "refused a match message from cabinet cab-c: it says it is from cab-a (forged)")
        && venue.bridges[0].log.contains(
          "refused a match message from cabinet cab-c: no match \(match) is known here")
        && venue.bridges[1].log.contains("the challenge was sent 600 s ago (stale or replayed)")
    }
    #expect(refused, "\(venue.logs)")
    #expect(try venue.matches(0).isEmpty && venue.matches(1).isEmpty)
  }

  @Test(
    "the rival's bridge gone mid-match: each cabinet finishes and records its game, and the outcome is reconciled when the bridge is back"
  )
  func rivalLostAndBack() async throws {
    let venue = try await Venue()
    let marks = venue.controls.map(\.count)
    let match = try await venue.agreeOnAMatch()
    _ = try await venue.countdowns(from: marks)
    await venue.bridges[1].signal(SIGKILL)
    let lost = await venue.waitForMatch(0, .rivalLost, from: marks[0], timeout: 30)
    #expect(lost != nil, "cab-a never lost sight of cab-b\n\(venue.logs)")
    // Neither plays: each game ends on its own and is recorded, its outcome not known.
    let recorded = try await eventually(timeout: 30) {
      try venue.matches(0).count == 1 && venue.matches(1).count == 1
    }
    #expect(recorded, "\(venue.logs)")
    #expect(try venue.matches(0).first?.match.outcome == nil)
    try venue.bridges[1].start()
    let reconciled = try await eventually(timeout: 30) {
      guard let a = try venue.matches(0).first?.match.outcome,
        let b = try venue.matches(1).first?.match.outcome
      else { return false }
      return a == b.seenByRival
    }
    #expect(
      reconciled, "\((try? venue.matches(0)) ?? []) \((try? venue.matches(1)) ?? [])\n\(venue.logs)"
    )
    #expect(try venue.matches(1).first?.match.match == match)
    // The venue's match table gets the outcomes too, published again once decided.
    let tabled = try await eventually(timeout: 30) {
      let listed = try VenueMatchStore(directory: venue.bridges[0].stateDirectory).load().matches
      return listed.count == 1 && listed[0].count == 2
        && listed[0].allSatisfy { $0.game.match.outcome != nil }
    }
    #expect(tabled, "\(venue.logs)")
  }
}
