import FoundationEssentials
import SimonControl
import SimonGame
import Testing

@testable import SimonVenue

@Suite("A match between two bridges: what is carried, what is refused")
struct MatchRelayTests {
  static let now = 1_764_400_000_000
  let challenge = Challenge(id: "m1", rival: Rival(cabinet: "cab-b", player: ""), seed: 0xc0ffee)

  /// Messages the relay published, in order.
  private func published(_ actions: [MatchRelay.Action]) -> [MatchMessage] {
    actions.compactMap { if case .publish(let message) = $0 { message } else { nil } }
  }

  /// Two relays and a challenge from cab-a carried to cab-b: cab-b's simond is offered it.
  private func challenged() -> (MatchRelay, MatchRelay, MatchMessage) {
    var a = MatchRelay(cabinet: "cab-a")
    var b = MatchRelay(cabinet: "cab-b")
    let sent = published(a.news(.challenge(challenge, player: "ANNA"), now: Self.now))
    #expect(sent.count == 1)
    let offered = b.received(sent[0].payload, from: "cab-a", now: Self.now + 40)
    #expect(
      offered == [
        .request(
          .matchOffer(
            Challenge(id: "m1", rival: Rival(cabinet: "cab-a", player: "ANNA"), seed: 0xc0ffee)))
      ])
    return (a, b, sent[0])
  }

  @Test func anAcceptedChallengeStartsBothCabinetsAtTheInstantTheAcceptingSidePicked() throws {
    var (a, b, _) = challenged()
    let answer = b.news(.answer(match: "m1", .accepted, player: "BO"), now: Self.now + 9_000)
    let start = Self.now + 9_000 + MatchRelay.startLead
    let message = try #require(published(answer).first)
    #expect(message.startMs == start && message.player == "BO" && message.to == "cab-a")
    #expect(answer.last == .request(.matchStart(match: "m1", atMilliseconds: start)))
    #expect(
      a.received(message.payload, from: "cab-b", now: Self.now + 9_030) == [
        .request(.matchAnswer(match: "m1", .accepted, player: "BO")),
        .request(.matchStart(match: "m1", atMilliseconds: start)),
      ])

    // Progress both ways becomes the rival's side.
    let side = HeadToHead.Side(rounds: 3, points: 9)
    let told = published(
      a.news(.progress(match: "m1", rival: "cab-b", side), now: Self.now + 20_000))
    #expect(
      b.received(told[0].payload, from: "cab-a", now: Self.now + 20_010) == [
        .request(.matchRival(match: "m1", side))
      ])
    // The same message again is a replay.
    #expect(
      b.received(told[0].payload, from: "cab-a", now: Self.now + 20_020) == [
        .refused(
          "refused a match message from cabinet cab-a: match m1: message \(told[0].seq) is not after \(told[0].seq) (replayed)"
        )
      ])
  }

  @Test func aMessageThatIsNotFromItsTopicsCabinetOrNotFromTheRivalIsRefused() throws {
    var (_, b, sent) = challenged()
    // A third cabinet writes on its own topic (the ACL lets it) but says it is cab-a.
    #expect(
      b.received(sent.payload, from: "cab-c", now: Self.now) == [
        .refused("refused a match message from cabinet cab-c: it says it is from cab-a (forged)")
      ])
    // ...or sends progress in a match that is not its own.
    var forged = MatchMessage(
      from: "cab-c", to: "cab-b", match: "m1", seq: Self.now * 2, kind: .progress)
    forged.side = HeadToHead.Side(rounds: 99, points: 999, outAfter: .seconds(1))
    #expect(
      b.received(forged.payload, from: "cab-c", now: Self.now) == [
        .refused(
          "refused a match message from cabinet cab-c: match m1 is with cabinet cab-a, not cab-c (forged)"
        )
      ])
    // News of a match nobody challenged.
    forged.match = "m2"
    #expect(
      b.received(forged.payload, from: "cab-c", now: Self.now) == [
        .refused("refused a match message from cabinet cab-c: no match m2 is known here")
      ])
  }

  @Test func aReplayedOrStaleChallengeIsRefusedAndOneForAnotherCabinetIgnored() throws {
    var (_, b, sent) = challenged()
    #expect(
      b.received(sent.payload, from: "cab-a", now: Self.now + 100) == [
        .refused("refused a match message from cabinet cab-a: match m1 is known already (replayed)")
      ])
    var fresh = MatchRelay(cabinet: "cab-b")
    #expect(
      fresh.received(sent.payload, from: "cab-a", now: Self.now + 31_000) == [
        .refused(
          "refused a match message from cabinet cab-a: match m1: the challenge was sent 31 s ago (stale or replayed)"
        )
      ])
    var other = MatchRelay(cabinet: "cab-c")
    #expect(other.received(sent.payload, from: "cab-a", now: Self.now).isEmpty)
    #expect(
      other.received(Array("{}".utf8), from: "cab-a", now: Self.now) == [
        .refused(
          "refused a match message from cabinet cab-a: not a match message (missing \"from\")")
      ])
  }

  @Test func aDeclineOrLapseEndsTheMatchOnBothSides() throws {
    var (a, b, _) = challenged()
    let declined = published(
      b.news(.answer(match: "m1", .declined(.busy), player: "Player"), now: Self.now))
    #expect(b.matches["m1"] == nil)
    #expect(
      a.received(declined[0].payload, from: "cab-b", now: Self.now + 10) == [
        .request(.matchAnswer(match: "m1", .declined(.busy), player: nil))
      ])
    #expect(a.matches["m1"] == nil)
  }

  @Test func theRivalGoneTellsSimondAndTheRivalBackAsksSimondForItsSidesAgain() throws {
    var (a, b, _) = challenged()
    let answer = published(b.news(.answer(match: "m1", .accepted, player: "BO"), now: Self.now))
    _ = a.received(answer[0].payload, from: "cab-b", now: Self.now)
    #expect(
      a.availability(of: "cab-b", online: false) == [.request(.matchRivalLost(match: "m1"))])
    #expect(a.availability(of: "cab-b", online: true) == [.request(.matchSync)])
    // Its own broker connection lost: the rival is out of sight from here too.
    #expect(a.broker(connected: false) == [.request(.matchRivalLost(match: "m1"))])
    #expect(a.broker(connected: true) == [.request(.matchSync)])
    // Another cabinet's comings and goings touch no match.
    #expect(a.availability(of: "cab-c", online: false).isEmpty)
  }

  /// A bridge that started again knows no match: simond's sides, told again, make it know
  /// them, and the rival's messages are taken again.
  @Test func aBridgeStartedAgainLearnsItsMatchesFromSimond() throws {
    var (a, _, _) = challenged()
    var again = MatchRelay(cabinet: "cab-b")
    let side = HeadToHead.Side(rounds: 2, points: 6, outAfter: .seconds(20))
    let told = published(again.news(.progress(match: "m1", rival: "cab-a", side), now: Self.now))
    #expect(told.map(\.to) == ["cab-a"] && told.map(\.side) == [side])
    let reply = published(
      a.news(
        .progress(match: "m1", rival: "cab-b", HeadToHead.Side(rounds: 1, points: 3)),
        now: Self.now + 5))
    #expect(
      again.received(reply[0].payload, from: "cab-a", now: Self.now + 10) == [
        .request(.matchRival(match: "m1", HeadToHead.Side(rounds: 1, points: 3)))
      ])
  }

  /// The start came too late at the challenger, which gave up: the accepting side, whose
  /// game began, plays on with the rival lost.
  @Test func aRivalThatGaveUpAfterTheStartIsLost() throws {
    var (a, b, _) = challenged()
    let answer = published(b.news(.answer(match: "m1", .accepted, player: "BO"), now: Self.now))
    _ = a.received(answer[0].payload, from: "cab-b", now: Self.now)
    let gaveUp = published(
      a.news(.answer(match: "m1", .abandoned, player: "ANNA"), now: Self.now + 10_000))
    #expect(
      b.received(gaveUp[0].payload, from: "cab-a", now: Self.now + 10_010) == [
        .request(.matchRivalLost(match: "m1"))
      ])
  }

  @Test func anInstantOutsideTheWallClocksRangeIsRefusedBeforeAnyArithmetic() {
    var b = MatchRelay(cabinet: "cab-b")
    var message = MatchMessage(from: "cab-a", to: "cab-b", match: "m1", seq: 1, kind: .challenge)
    message.player = "ANNA"
    message.seed = "0000000000000001"
    message.sentMs = Int.min
    #expect(
      b.received(message.payload, from: "cab-a", now: Self.now) == [
        .refused(
          "refused a match message from cabinet cab-a: \"sent_ms\" is not an instant in milliseconds since 1970"
        )
      ])
  }

  /// Decided matches are past: a lost broker does not tell simond their rival is lost.
  @Test func aDecidedMatchIsNotLostWithTheBroker() throws {
    var (a, b, _) = challenged()
    let answer = published(b.news(.answer(match: "m1", .accepted, player: "BO"), now: Self.now))
    _ = a.received(answer[0].payload, from: "cab-b", now: Self.now)
    _ = a.news(.decided(match: "m1", rival: "cab-b", .won), now: Self.now + 30_000)
    #expect(a.broker(connected: false).isEmpty)
    #expect(a.availability(of: "cab-b", online: false).isEmpty)
    // Back: the rival may have missed how it ended here; simond tells it again.
    #expect(a.availability(of: "cab-b", online: true) == [.request(.matchSync)])
  }

  /// The rival's bridge started again and refused what was told before it knew the match:
  /// its first message after being away asks simond for this cabinet's side again.
  @Test func theRivalsFirstMessageAfterBeingAwayAsksForOurSideAgain() throws {
    var (a, b, _) = challenged()
    let answer = published(b.news(.answer(match: "m1", .accepted, player: "BO"), now: Self.now))
    _ = a.received(answer[0].payload, from: "cab-b", now: Self.now)
    _ = a.availability(of: "cab-b", online: false)
    _ = a.availability(of: "cab-b", online: true)
    let side = HeadToHead.Side(rounds: 2, points: 6, outAfter: .seconds(20))
    let told = published(
      b.news(.progress(match: "m1", rival: "cab-a", side), now: Self.now + 60_000))
    #expect(
      a.received(told[0].payload, from: "cab-b", now: Self.now + 60_010) == [
        .request(.matchRival(match: "m1", side)), .request(.matchSync),
      ])
    let again = published(
      b.news(.progress(match: "m1", rival: "cab-a", side), now: Self.now + 61_000))
    #expect(
      a.received(again[0].payload, from: "cab-b", now: Self.now + 61_010) == [
        .request(.matchRival(match: "m1", side))
      ])
  }

  @Test func aCabinetCannotChallengeItself() {
    var a = MatchRelay(cabinet: "cab-a")
    let own = Challenge(id: "m1", rival: Rival(cabinet: "cab-a", player: ""), seed: 1)
    #expect(
      a.news(.challenge(own, player: "ANNA"), now: Self.now) == [
        .refused("match m1: a cabinet cannot challenge itself"),
        .request(.matchAnswer(match: "m1", .declined(.busy), player: nil)),
      ])
  }

  @Test func sequenceNumbersGrowEvenWhenTheClockStandsStillOrGoesBack() {
    var a = MatchRelay(cabinet: "cab-a")
    _ = a.news(.challenge(challenge, player: "ANNA"), now: Self.now)
    let first = published(
      a.news(
        .progress(match: "m1", rival: "cab-b", HeadToHead.Side(rounds: 1, points: 3)), now: Self.now
      ))
    let second = published(
      a.news(
        .progress(match: "m1", rival: "cab-b", HeadToHead.Side(rounds: 2, points: 6)),
        now: Self.now - 5))
    #expect(first[0].seq == Self.now + 1 && second[0].seq == Self.now + 2)
  }
}
