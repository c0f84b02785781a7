import Foundation
import ScoresTestSupport
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import SimonVenueStore
import Testing

/// The day's challenge end to end: two real simonds (simulated cabinets), their real
/// simon-venue bridges and Debian's Mosquitto on a loopback port of the test's own.
@Suite(
  "The day's challenge at two cabinets through a real broker", .serialized, .realTime,
  .enabled(if: BrokerProcess.isInstalled, "needs Debian's mosquitto (scripts/install-deps)"))
struct DailyBrokerTests {
  typealias Venue = MatchBrokerTests.Venue

  /// Opens the challenge page with the pads (green held until it shows), picks "today"
  /// and lets the menu close on it: the day's game starts. Returns the index of its
  /// countdown among the control messages.
  private func startTheDaysGame(_ venue: Venue, _ index: Int) async throws -> Int {
    let control = venue.controls[index]
    let mark = control.count
    venue.pads[index].press(.green)
    let page = await control.waitFor(
      from: mark,
      { if case .state(let view, _) = $0 { view.menu?.page == .challenge } else { false } },
      timeout: 10)
    venue.pads[index].release(.green)
    guard page != nil else { throw E2EError("no challenge page at \(index)\n\(venue.logs)") }
    await venue.pads[index].tap(.yellow)
    guard
      await control.waitFor(
        from: mark,
        { if case .state(let view, _) = $0 { view.menu?.value == "today" } else { false } }) != nil
    else { throw E2EError("no \"today\" on the challenge page\n\(venue.logs)") }
    // 5 s without a press: the menu closes on "today" and the day's game starts.
    guard let countdown = await control.waitForState(.countdown, from: mark, timeout: 10) else {
      throw E2EError("the day's game did not start at \(index)\n\(venue.logs)")
    }
    return countdown
  }

  /// Repeats the first `rounds` rounds of `pads`, then lets the time run out.
  private func play(_ venue: Venue, _ index: Int, _ pads: [Pad], rounds: Int, from mark: Int)
    async throws
  {
    let control = venue.controls[index]
    var seen = mark
    for round in 0..<rounds {
      guard let answer = await control.waitForState(.player, from: seen, timeout: 20) else {
        throw E2EError("no answer window for round \(round + 1)\n\(venue.logs)")
      }
      seen = answer + 1
      for pad in pads.prefix(round + 1) {
        await venue.pads[index].tap(Input(pad))
      }
    }
  }

  /// The game over of the day's game after message `from`.
  private func gameOver(_ venue: Venue, _ index: Int, from mark: Int) async throws
    -> ControlGameOver
  {
    let control = venue.controls[index]
    guard
      let at = await control.waitFor(
        from: mark, { if case .gameOver = $0 { true } else { false } }, timeout: 30),
      case .gameOver(let over, _) = control.messages[at]
    else { throw E2EError("no game over at \(index)\n\(venue.logs)") }
    return over
  }

  @Test(
    "both cabinets play the venue's sequence of the day from the menu; each records it in its day's table, and every bridge holds the venue's"
  )
  func theDaysGameAtTwoCabinets() async throws {
    let venue = try await Venue()
    // cab-a repeats three rounds of the venue's sequence (a wrong sequence would end its
    // game at the first press); cab-b one. The date each plays is its local one, as its
    // state shows it: the venue's sequence follows from it and the venue's name.
    var countdowns: [Int] = []
    var dates: [String?] = []
    for (index, rounds) in [(0, 3), (1, 1)] {
      let countdown = try await startTheDaysGame(venue, index)
      guard case .state(let view, _) = venue.controls[index].messages[countdown] else {
        throw E2EError("not a state")
      }
      let pads = SharedSequence.pads(
        seed: DailyChallenge(venue: "test-venue", date: view.daily ?? "").seed, count: 3)
      try await play(venue, index, pads, rounds: rounds, from: countdown)
      countdowns.append(countdown)
      dates.append(view.daily)
    }
    let date = try #require(dates[0])
    #expect(dates[1] == date)
    let overs = [
      try await gameOver(venue, 0, from: countdowns[0]),
      try await gameOver(venue, 1, from: countdowns[1]),
    ]
    #expect(overs.map(\.daily) == [date, date])
    #expect(overs.map(\.rounds) == [3, 1], "\(venue.logs)")
    #expect(overs.allSatisfy { $0.record == nil && $0.rank == 1 && $0.mode == .classic })
    #expect(overs.allSatisfy { $0.difficulty == DailyChallenge.difficulty })

    // Each cabinet's own table of the day, and nothing in its score tables.
    for (index, cabinet) in venue.cabinets.enumerated() {
      let table = try DailyStore(directory: cabinet.stateDirectory).load().table(date)
      #expect(table.map(\.result.rounds) == [overs[index].rounds])
      #expect(try ScoreStore(directory: cabinet.stateDirectory).load().recent.isEmpty)
    }
    // The control socket lists it.
    guard case .ok(_, let listed) = try await venue.controls[0].ask(.daily(date: date)) else {
      throw E2EError("daily was refused")
    }
    #expect(listed.daily?.map(\.date) == [date])

    // Every bridge merges both cabinets' into the venue's table of the day, best first.
    let merged = try await eventually(timeout: 20) {
      try venue.bridges.allSatisfy { bridge in
        try VenueDailyStore(directory: bridge.stateDirectory).load().table(date).map(\.cabinet)
          == ["cab-a", "cab-b"]
      }
    }
    #expect(merged, "\(venue.logs)")
  }

  @Test(
    "a day's game stored late (its state directory refused files at game over) reaches the venue's table of the day once it is stored"
  )
  func aDaysGameStoredLate() async throws {
    let venue = try await Venue(asNobody: true)
    let state = venue.cabinets[0].stateDirectory
    // cab-a's state directory stops taking files (its simond runs as nobody).
    #expect(chmod(state, 0o555) == 0)
    defer { chmod(state, 0o755) }
    let countdown = try await startTheDaysGame(venue, 0)
    guard case .state(let view, _) = venue.controls[0].messages[countdown],
      let date = view.daily
    else { throw E2EError("no date of the day in the state") }
    let pads = SharedSequence.pads(
      seed: DailyChallenge(venue: "test-venue", date: date).seed, count: 1)
    try await play(venue, 0, pads, rounds: 1, from: countdown)
    let over = try await gameOver(venue, 0, from: countdown)
    // Not stored yet: no rank, and no table of the day on the cabinet.
    #expect(over.daily == date && over.rank == nil, "\(over)")
    #expect(try DailyStore(directory: state).load().table(date).isEmpty)
    // The directory takes files again: simond stores the kept game and says "recorded";
    // the bridge asks for the tables of the day again and publishes cab-a's, which cab-b's
    // bridge merges into the venue's.
    #expect(chmod(state, 0o755) == 0)
    let merged = try await eventually(timeout: 20) {
      try VenueDailyStore(directory: venue.bridges[1].stateDirectory).load().table(date)
        .map(\.cabinet) == ["cab-a"]
    }
    #expect(merged, "\(venue.logs)")
  }

  @Test(
    "a forged, future or oversized table of the day is refused, and this cabinet's tables of days no longer kept are cleared from the broker"
  )
  func refusalsAndClearing() async throws {
    let venue = try await Venue()
    func publish(_ topic: String, _ payload: String, retain: Bool = false) async throws {
      try await run(
        "/usr/bin/mosquitto_pub",
        ["-h", "127.0.0.1", "-p", String(venue.broker.port), "-q", "1", "-t", topic, "-m", payload]
          + (retain ? ["-r"] : []))
    }
    try await publish(
      "simon/test-venue/cab-c/daily/2026-11-01",
      #"{"cabinet":"cab-a","date":"2026-11-01","games":[]}"#)
    try await publish(
      "simon/test-venue/cab-c/daily/2999-01-01",
      #"{"cabinet":"cab-c","date":"2999-01-01","games":[]}"#)
    try await publish(
      "simon/test-venue/cab-c/daily/2026-11-02", String(repeating: "x", count: 20_000))
    // A table of cab-a's own, from long ago, retained on the broker while its bridge was
    // away: once back, it clears it (its simond keeps that date no longer).
    await venue.bridges[0].signal(SIGTERM)
    try await publish(
      "simon/test-venue/cab-a/daily/2001-01-01",
      #"{"cabinet":"cab-a","date":"2001-01-01","games":[]}"#, retain: true)
    try venue.bridges[0].start()
    let refused = await eventually(timeout: 20) {
      let log = venue.bridges[1].log
      return log.contains("it says it is cab-a's of 2026-11-01")
        && log.contains("its date is after") && log.contains("longer than 16384 bytes")
        && venue.bridges[0].log.contains(
          "cleared this cabinet's table of the day 2001-01-01 from the broker")
    }
    #expect(refused, "\(venue.logs)")
    // (mosquitto_sub prints nothing and exits 27 when -W times out: nothing retained.)
    var cleared = false
    for _ in 0..<10 where !cleared {
      cleared = try await ChildProcess.run(
        "/usr/bin/mosquitto_sub",
        [
          "-h", "127.0.0.1", "-p", String(venue.broker.port), "-t",
          "simon/test-venue/cab-a/daily/2001-01-01", "-W", "1", "--retained-only", "-C", "1",
        ]
      ).output.isEmpty
    }
    #expect(cleared, "the broker still holds cab-a's table of 2001-01-01")
  }
}
