import Testing

@testable import SimonGame

@Suite("Head to head: who wins a match")
struct HeadToHeadTests {
  typealias Side = HeadToHead.Side

  private func outcome(_ local: Side, _ rival: Side) -> HeadToHead.Outcome? {
    HeadToHead.outcome(local: local, rival: rival)
  }

  @Test func nothingIsDecidedWhileBothAreIn() {
    #expect(outcome(Side(rounds: 7, points: 80), Side(rounds: 3, points: 30)) == nil)
  }

  @Test func theOneStillInWinsOncePastTheRoundTheOtherWentOutIn() {
    let out = Side(rounds: 4, points: 45, outAfter: .seconds(40))
    #expect(outcome(out, Side(rounds: 4, points: 40)) == nil)
    #expect(outcome(out, Side(rounds: 5, points: 50)) == .lost)
    #expect(outcome(Side(rounds: 4, points: 40), out) == nil)
    #expect(outcome(Side(rounds: 5, points: 50), out) == .won)
  }

  /// Each cabinet has its own difficulty: the one still in may be rounds behind the one
  /// out, and it has not won until it passes them.
  @Test func theOneStillInBehindHasNotWonYet() {
    let out = Side(rounds: 9, points: 120, outAfter: .seconds(70))
    #expect(outcome(Side(rounds: 6, points: 60), out) == nil)
    #expect(outcome(Side(rounds: 6, points: 60, outAfter: .seconds(90)), out) == .lost)
  }

  @Test func bothOutTheMoreRoundsWin() {
    let five = Side(rounds: 5, points: 50, outAfter: .seconds(60))
    let six = Side(rounds: 6, points: 20, outAfter: .seconds(50))
    #expect(outcome(six, five) == .won)
    #expect(outcome(five, six) == .lost)
  }

  @Test func bothOutInTheSameRoundTheMorePointsWin() {
    let more = Side(rounds: 5, points: 62, outAfter: .seconds(61))
    let fewer = Side(rounds: 5, points: 55, outAfter: .seconds(58))
    #expect(outcome(more, fewer) == .won)
    #expect(outcome(fewer, more) == .lost)
  }

  @Test func bothOutEvenOnPointsTheEarlierGameOverWins() {
    let earlier = Side(rounds: 5, points: 55, outAfter: .milliseconds(58_001))
    let later = Side(rounds: 5, points: 55, outAfter: .milliseconds(58_002))
    #expect(outcome(earlier, later) == .won)
    #expect(outcome(later, earlier) == .lost)
  }

  @Test func everythingEvenIsADraw() {
    let side = Side(rounds: 3, points: 30, outAfter: .seconds(30))
    #expect(outcome(side, side) == .draw)
  }

  /// Both cabinets decide alike from the same two sides: one won where the other lost.
  @Test func bothCabinetsAgree() {
    let sides = Self.sides
    for local in sides {
      for rival in sides {
        #expect(outcome(local, rival) == outcome(rival, local)?.seenByRival)
      }
    }
  }

  /// Once decided, what the one still in does next changes nothing: it can only repeat
  /// more rounds, earn more points and go out later.
  @Test func aDecisionStands() {
    for local in Self.sides {
      for rival in Self.sides {
        guard let decided = outcome(local, rival), rival.isIn else { continue }
        for extra in 0...2 {
          let later = Side(
            rounds: rival.rounds + extra, points: rival.points + 10 * extra,
            outAfter: .seconds(500))
          #expect(outcome(local, later) == decided)
        }
      }
    }
  }

  /// Sides in and out after 0-3 rounds, with a few points and times.
  private static let sides: [Side] = (0...3).flatMap { rounds in
    [nil, Duration.seconds(20), .seconds(21)].flatMap { outAfter in
      [rounds * 10, rounds * 10 + 3].map { points in
        Side(rounds: rounds, points: points, outAfter: outAfter)
      }
    }
  }
}

@Suite("Head to head: the sequence both cabinets play")
struct SharedSequenceTests {
  @Test func aSeedGivesTheSamePadsEveryTime() {
    #expect(
      SharedSequence.pads(seed: 2026, count: 31) == SharedSequence.pads(seed: 2026, count: 31))
    var stepwise = SharedSequence(seed: 2026)
    #expect((0..<31).map { _ in stepwise.next() } == SharedSequence.pads(seed: 2026, count: 31))
    #expect(
      SharedSequence.pads(seed: 2026, count: 12) != SharedSequence.pads(seed: 2027, count: 12))
  }

  /// The derivation is the venue's protocol: cabinets on different releases must agree.
  /// These pads are fixed (computed apart from this code, from SplitMix64's definition);
  /// if this test fails, the change broke matches between versions.
  @Test func theDerivationNeverChanges() {
    #expect(
      SharedSequence.pads(seed: 0, count: 8).map(\.rawValue) == [
        "blue", "red", "green", "blue", "green", "red", "green", "blue",
      ])
    #expect(
      SharedSequence.pads(seed: 0x5151_ABCD, count: 8).map(\.rawValue) == [
        "red", "red", "blue", "red", "yellow", "red", "red", "blue",
      ])
  }

  @Test func everyPadComesAsOften() {
    var counts: [Pad: Int] = [:]
    for pad in SharedSequence.pads(seed: 7, count: 40_000) { counts[pad, default: 0] += 1 }
    for pad in Pad.allCases { #expect((9_500...10_500).contains(counts[pad] ?? 0)) }
  }

  @Test func theDaysSeedIsTheVenuesAndTheDates() {
    let today = SharedSequence.dailySeed(venue: "the-arcade", date: "2026-11-29")
    #expect(today == SharedSequence.dailySeed(venue: "the-arcade", date: "2026-11-29"))
    #expect(today != SharedSequence.dailySeed(venue: "the-arcade", date: "2026-11-30"))
    #expect(today != SharedSequence.dailySeed(venue: "the-arcad", date: "e2026-11-29"))
    #expect(today != SharedSequence.dailySeed(venue: "other-arcade", date: "2026-11-29"))
    // Fixed, as the pads are: every cabinet of the venue plays the same day's game.
    #expect(today == 0xDE9B_4890_4320_6431)
  }

  /// Each cabinet compares its own side with the rival's as the wire carries it, in whole
  /// milliseconds: kept in nanoseconds, a cabinet's own could decide the other way.
  @Test func sidesCompareInWholeMillisecondsBothWays() {
    let here = HeadToHead.Side(rounds: 2, points: 6, outAfter: .nanoseconds(6_420_100_000))
    let there = HeadToHead.Side(rounds: 2, points: 6, outAfter: .nanoseconds(6_420_400_000))
    #expect(here.outAfter == .milliseconds(6_420))
    #expect(HeadToHead.outcome(local: here, rival: there) == .draw)
    #expect(HeadToHead.outcome(local: there, rival: here) == .draw)
  }
}
