import Foundation
import SimonControl
import SimonGame
import SimonProcessSupport
import SimonScores
import SimonTestTraits
import Testing

/// The real `simond --hardware sim` told of a match as the venue bridge tells it, through
/// its control socket, with the simulated cabinet's socket as the player's hands.
@Suite("A match through simond's control socket", .serialized, .realTime)
struct MatchControlEndToEndTests {
  static let challenge = Challenge(
    id: "m1", rival: Rival(cabinet: "bar-1", player: "ANNA"), seed: 0xc0ffee)

  /// Now by the wall clock, in milliseconds since 1970.
  static var now: Int { Int(Date().timeIntervalSince1970 * 1000) }

  private func refusal(_ reply: ControlMessage) -> String? {
    if case .error(let message, _, _) = reply { message } else { nil }
  }

  @Test(
    "an offer waits for a press here; a start comes only for an agreed match, at most 1 s late; the rival's side decides it"
  )
  func offerAcceptStartAndDecide() async throws {
    let daemon = try await DaemonProcess()
    let control = try ControlTestClient(path: daemon.controlPath)
    let cabinet = try daemon.connect()
    let mark = control.count

    // A bad seed, then a real offer: shown, waiting for a press.
    var bad =
      #"{"id":"x","request":"match-offer","match":"m1","cabinet":"bar-1","player":"ANNA","seed":"xyz"}"#
    control.send(bad + "\n")
    #expect(
      await control.waitFor(
        from: mark,
        {
          if case .error(let why, .text("x")?, .invalid?) = $0 {
            why == "\"seed\" must be 16 hexadecimal digits, like \"00c0ffee00c0ffee\""
          } else {
            false
          }
        }) != nil)
    guard case .ok = try await control.ask(.matchOffer(Self.challenge)) else {
      throw E2EError("the offer was refused: \(control.messages.last!)")
    }
    #expect(
      await control.waitFor(
        from: mark,
        { if case .state(let view, _) = $0 { view.headToHead?.state == .offered } else { false } })
        != nil)
    // Nothing from the network starts it: no start before a press here.
    #expect(
      refusal(try await control.ask(.matchStart(match: "m1", atMilliseconds: Self.now + 500)))
        == "no match m1 is agreed here and waiting for its start")

    await cabinet.tap(.green)
    #expect(
      await control.waitFor(
        from: mark,
        {
          if case .match(.answer("m1", .accepted, "Player"), _) = $0 { true } else { false }
        }) != nil)
    // A start far in the past is refused with why; a little late, it starts at once.
    let late = try #require(
      refusal(try await control.ask(.matchStart(match: "m1", atMilliseconds: Self.now - 5000))))
    #expect(late.hasPrefix("\"at_ms\" is ") && late.contains("ms in the past"), "\(late)")
    bad = #"{"id":"y","request":"match-start","match":"m1","at_ms":"soon"}"#
    control.send(bad + "\n")
    #expect(
      await control.waitFor(
        from: mark,
        { if case .error(_, .text("y")?, .invalid?) = $0 { true } else { false } }) != nil)
    let started = control.count
    guard case .ok = try await control.ask(.matchStart(match: "m1", atMilliseconds: Self.now - 300))
    else { throw E2EError("a start 300 ms late was refused: \(control.messages.last!)") }
    #expect(await control.waitForState(.countdown, from: started, timeout: 30) != nil)

    // The rival is out in round 1: repeating round 1 here wins.
    _ = try await control.ask(
      .matchRival(match: "m1", HeadToHead.Side(rounds: 0, points: 0, outAfter: .seconds(5))))
    _ = try await cabinet.playTurn(from: 0)
    #expect(
      await control.waitFor(
        from: started,
        { if case .match(.decided("m1", "bar-1", .won), _) = $0 { true } else { false } },
        timeout: 15) != nil)
    // The cabinet's view follows the news that decided it (simond tells what happened,
    // then what the cabinet shows): wait for it rather than read the last one seen.
    #expect(
      await control.waitFor(
        from: started,
        {
          if case .state(let view, _) = $0 {
            view.headToHead?.outcome == .won && view.headToHead?.rivalSide?.isIn == false
          } else {
            false
          }
        }) != nil)
  }

  @Test(
    "after a restart mid-match (a power cut), a match recorded without its outcome is told again and decided by the rival's side"
  )
  func anUndecidedMatchSurvivesARestart() async throws {
    let result = GameResult(
      points: 6, rounds: 2, mode: .classic, difficulty: .medium, name: "Player",
      members: ["Player"], ending: .mistake, duration: .milliseconds(20_250))
    let daemon = try await DaemonProcess(prepareState: { directory in
      _ = try MatchStore(directory: directory).record(
        result,
        match: HeadToHeadRecord(
          match: "m7", rival: Rival(cabinet: "bar-1", player: "ANNA"), outcome: nil),
        startedAt: Date(timeIntervalSince1970: 1_795_289_825),
        endedAt: Date(timeIntervalSince1970: 1_795_289_845.25))
    })
    let control = try ControlTestClient(path: daemon.controlPath)
    let mark = control.count
    _ = try await control.ask(.matchSync)
    let side = HeadToHead.Side(rounds: 2, points: 6, outAfter: .milliseconds(20_250))
    #expect(
      await control.waitFor(
        from: mark,
        { if case .match(.progress("m7", "bar-1", side), _) = $0 { true } else { false } }) != nil)
    _ = try await control.ask(
      .matchRival(match: "m7", HeadToHead.Side(rounds: 1, points: 3, outAfter: .seconds(9))))
    #expect(
      await control.waitFor(
        from: mark,
        { if case .match(.decided("m7", "bar-1", .won), _) = $0 { true } else { false } }) != nil)
    let amended = try await eventually(timeout: 10) {
      try MatchStore(directory: daemon.stateDirectory).load().games.first?.match.outcome == .won
    }
    #expect(amended)
  }
}
