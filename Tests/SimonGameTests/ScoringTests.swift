import Testing

@testable import SimonGame

@Suite("Difficulty and scoring")
struct ScoringTests {
  @Test func timeoutsPerDifficulty() {
    #expect(Timings(.easy).playerTimeout == .seconds(5))
    #expect(Timings(.medium).playerTimeout == .seconds(3))
    #expect(Timings(.hard).playerTimeout == .seconds(2))
  }

  @Test func speedBonusFollowsTheFormula() {
    // mean gap 0: full bonus; mean gap = timeout: none; 1.5 s of 3 s: round(2.5) = 3.
    #expect(Scoring.roundPoints(gaps: [.zero], difficulty: .medium) == 15)
    #expect(Scoring.roundPoints(gaps: [.seconds(3)], difficulty: .medium) == 10)
    #expect(Scoring.roundPoints(gaps: [.seconds(1), .seconds(2)], difficulty: .medium) == 13)
    #expect(Scoring.roundPoints(gaps: [.milliseconds(1200)], difficulty: .medium) == 13)
    #expect(Scoring.roundPoints(gaps: [.milliseconds(1800)], difficulty: .medium) == 12)
    #expect(Scoring.roundPoints(gaps: [.seconds(1)], difficulty: .hard) == 13)
    #expect(Scoring.roundPoints(gaps: [.zero], difficulty: .easy) == 10, "easy has no bonus")
  }

  @Test func theFinalMistakeCostsFiveOnHardNeverBelowZero() {
    #expect(Scoring.afterFinalMistake(42, difficulty: .hard) == 37)
    #expect(Scoring.afterFinalMistake(3, difficulty: .hard) == 0)
    #expect(Scoring.afterFinalMistake(42, difficulty: .medium) == 42)
  }

  @Test(arguments: Difficulty.allCases)
  func aWholeGameScoresEachRoundWithItsBonus(_ difficulty: Difficulty) {
    var harness = ClassicTests.started(.with(difficulty: difficulty), seed: 5)
    harness.advance(untilPhase: .player)
    // Round 1: first press 600 ms after Simon's turn.
    harness.advance(by: .milliseconds(600))
    harness.tap(Input(harness.sequence[0]), hold: .milliseconds(200))
    harness.advance(untilPhase: .player)
    // Round 2: the first press 200 ms in, the second 400 ms later: a mean of 300 ms.
    harness.repeatSequence(gap: .milliseconds(200), hold: .milliseconds(200))
    harness.advance(untilPhase: .player)
    let expected = harness.sequence[0]
    harness.press(Input(Pad.allCases.first { $0 != expected }!))
    let timeout = Timings(difficulty).playerTimeout.seconds
    func bonus(_ mean: Double) -> Int { Int((5 * max(0, 1 - mean / timeout)).rounded()) }
    let earned = difficulty == .easy ? 20 : 20 + bonus(0.6) + bonus(0.3)
    let points = difficulty == .hard ? earned - 5 : earned
    #expect(harness.records.map(\.points) == [points])
    #expect(harness.records.map(\.rounds) == [2])
    #expect(harness.records.map(\.difficulty) == [difficulty])
    #expect(harness.game.status == Status(phase: .gameover, round: 2, points: points))
  }

  @Test func aHardGameLostInTheFirstRoundScoresZeroNotMinusFive() {
    var harness = ClassicTests.started(.with(difficulty: .hard))
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(2))
    #expect(harness.records.map(\.points) == [0])
    #expect(harness.records.map(\.ending) == [.timeout])
  }
}
