import Testing

@testable import SimonGame

@Suite("Reaction times: each press timed from the end of Simon's turn or the press before")
struct ReactionTests {
  @Test func eachPressIsTimedByTheEventsTimeAndAWindowWithoutAPressIsLeftOut() {
    var harness = ClassicTests.started(seed: 5)
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(430))
    harness.tap(Input(harness.sequence[0]), hold: .milliseconds(150))
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(300))
    harness.tap(Input(harness.sequence[0]), hold: .milliseconds(150))
    harness.advance(by: .milliseconds(200))
    harness.tap(Input(harness.sequence[1]), hold: .milliseconds(120))
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    #expect(harness.records.count == 1)
    let result = harness.records[0]
    #expect(
      result.reactions == [[.milliseconds(430)], [.milliseconds(300), .milliseconds(350)]],
      "the second press of round 2 came 350 ms after the first went down")
    #expect(
      result.reaction
        == ReactionSummary([[.milliseconds(430)], [.milliseconds(300), .milliseconds(350)]]))
    #expect(result.reaction?.presses == 3)
    #expect(result.reaction?.median == .milliseconds(350))
    #expect(result.reaction?.best == .milliseconds(300))
    #expect(result.reaction?.medianByTurn == [.milliseconds(430), .milliseconds(325)])
  }

  @Test func theWrongPressIsTimedToo() {
    var harness = ClassicTests.started(seed: 5)
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(610))
    harness.press(Input(Pad.allCases.first { $0 != harness.sequence[0] }!))
    #expect(harness.records.first?.reactions == [[.milliseconds(610)]])
  }

  @Test func aQuitAndAShutdownKeepTheUnfinishedTurnsPresses() {
    var quit = BetweenGamesTests.inRoundTwo()
    quit.advance(by: .milliseconds(250))
    quit.tap(Input(quit.sequence[0]))
    quit.press(.start)
    #expect(quit.records.first?.reactions.last == [.milliseconds(250)])
    #expect(quit.records.first?.reactions.count == 2)

    var shutdown = BetweenGamesTests.inRoundTwo()
    shutdown.advance(by: .milliseconds(275))
    shutdown.press(Input(shutdown.sequence[0]))
    shutdown.send(.shutdown(at: shutdown.now))
    #expect(shutdown.records.first?.ending == .shutdown)
    #expect(shutdown.records.first?.reactions.last == [.milliseconds(275)])
  }

  @Test func aGameWithoutAPressHasNoSummary() {
    var harness = ClassicTests.atGameOver()
    #expect(harness.records.first?.reactions == [])
    #expect(harness.records.first?.reaction == nil)
    harness.advance(by: .seconds(1))
  }

  @Test func theMedianOfAnEvenCountIsHalfwayBetweenTheMiddleTwo() {
    let times: [Duration] = [
      .milliseconds(400), .milliseconds(100), .milliseconds(300), .milliseconds(200),
    ]
    #expect(ReactionSummary.median(times) == .milliseconds(250))
    #expect(ReactionSummary.median([.milliseconds(7)]) == .milliseconds(7))
    #expect(ReactionSummary([[], []]) == nil)
    #expect(ReactionSummary([[], [.milliseconds(5)]])?.medianByTurn == [.milliseconds(5)])
  }
}
