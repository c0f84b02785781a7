import Testing

@testable import SimonGame

@Suite("Idle and the start of a game")
struct StartTests {
  @Test func startingShowsIdleAndArmsTheAttractTimer() {
    var game = Game(random: SeededRandom(seed: 1))
    #expect(
      game.start() == [
        .status(Status(phase: .idle, round: 0, points: 0)),
        .startTimer(.attract, after: .seconds(60)),
      ])
  }

  @Test func withoutAStartButtonAPadPressLightsAndSoundsFirstAndItsReleaseStartsTheCountdown() {
    var harness = GameHarness()
    #expect(
      harness.press(.red) == [
        .light(.red, on: true),
        .tone(.pad(.red)),
        .startTimer(.attract, after: .seconds(60)),
        .startTimer(.menuHold(.red), after: .seconds(2)),
      ])
    harness.advance(by: .milliseconds(200))
    #expect(
      harness.release(.red) == [
        .cancelTimer(.menuHold(.red)),
        .light(.red, on: false),
        .silence,
        .cancelTimer(.attract),
        .status(Status(phase: .countdown, round: 0, points: 0)),
        .light(.green, on: true), .light(.red, on: true), .light(.yellow, on: true),
        .light(.blue, on: true),
        .tone(.tick),
        .startTimer(.step, after: .milliseconds(150)),
      ])
  }

  @Test func countdownBlinksThreeTimesASecondApartThenSimonStartsAtThreeSeconds() {
    var harness = GameHarness()
    harness.press(.green)
    harness.advance(by: .milliseconds(150))
    let start = harness.now
    let mark = harness.history.count
    harness.release(.green)
    harness.advance(untilPhase: .simon)
    #expect(harness.now - start == .seconds(3))
    let ticks = harness.history[mark...].filter { $0.effect == .tone(.tick) }.map { $0.at - start }
    #expect(ticks == [.zero, .seconds(1), .seconds(2)])
    let greenOn = harness.lightChanges(since: mark).filter { $0.pad == .green && $0.on }
    #expect(greenOn.map { $0.at - start }.prefix(3) == [.zero, .seconds(1), .seconds(2)])
  }

  @Test func withAStartButtonPadsAreFreePlayAndStartBegins() {
    var harness = GameHarness(cabinet: Cabinet(hasStartButton: true))
    harness.tap(.blue, hold: .milliseconds(300))
    #expect(harness.game.status.phase == .idle)
    #expect(harness.litPads.isEmpty)
    #expect(harness.sounding == nil)
    harness.press(.start)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func aShortPressStaysLitForTheMinimumTime() {
    var harness = GameHarness(cabinet: Cabinet(hasStartButton: true))
    harness.press(.yellow)
    harness.advance(by: .milliseconds(30))
    #expect(
      harness.release(.yellow) == [
        .cancelTimer(.menuHold(.yellow)),
        .startTimer(.pressMinimum(.yellow), after: .milliseconds(90)),
      ])
    #expect(harness.advance(by: .milliseconds(89)).isEmpty)
    #expect(harness.advance(by: .milliseconds(1)) == [.light(.yellow, on: false), .silence])
  }

  @Test func attractStartsAfterAMinuteAndTheWakingTouchOnlyWakes() {
    var harness = GameHarness()
    harness.advance(by: .seconds(59))
    #expect(harness.game.status.phase == .idle)
    harness.advance(by: .seconds(1))
    #expect(harness.game.status.phase == .attract)
    harness.advance(by: .seconds(5))
    #expect(harness.history.allSatisfy { if case .tone = $0.effect { false } else { true } })
    #expect(harness.litPads.count == 1)
    harness.press(.green)
    #expect(harness.game.status.phase == .idle)
    #expect(harness.litPads.isEmpty)
    harness.release(.green)
    #expect(harness.game.status.phase == .idle, "the waking touch must not start a game")
    harness.advance(by: .seconds(5))
    #expect(harness.litPads.isEmpty, "the animation has stopped")
  }

  @Test func lastAndLongestReplayOutsideAGame() {
    var harness = GameHarness(cabinet: Cabinet(hasStartButton: true))
    harness.press(.last)
    #expect(harness.game.status.phase == .idle, "nothing to replay yet")
    harness.press(.start)
    harness.release(.start)
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    let played = harness.sequence
    harness.advance(by: .seconds(3))
    #expect(harness.game.status.phase == .gameover)
    harness.advanceWhileShowing()
    let mark = harness.history.count
    harness.press(.last)
    #expect(harness.game.status == Status(phase: .simon, round: 3, points: 0))
    #expect(harness.game.view.replay == .last, "screens say it is a replay")
    harness.advance(untilPhase: .gameover)
    #expect(harness.game.view.replay == nil)
    #expect(harness.game.stage.kind == .gameOver, "back at the game over it was pressed at")
    #expect(harness.game.status.points == harness.records.last?.points)
    let replayed = harness.lightChanges(since: mark).filter(\.on).map(\.pad)
    #expect(replayed == played)
    harness.advance(by: .seconds(61))
    harness.tap(.green)
    harness.advance(untilPhase: .idle)
    let mark2 = harness.history.count
    harness.press(.longest)
    #expect(harness.game.status.round == 2, "two rounds were repeated correctly")
    #expect(harness.game.view.replay == .longest)
    harness.advance(untilPhase: .idle)
    #expect(harness.game.stage.kind == .idle, "from idle, back to idle")
    #expect(harness.lightChanges(since: mark2).filter(\.on).map(\.pad) == Array(played.prefix(2)))
  }

  @Test func aReloadedAttractTimeAtIdleCountsFromTheReload() {
    var harness = GameHarness()
    harness.advance(by: .seconds(50))
    #expect(
      harness.reconfigure(Cabinet(attractAfter: .seconds(30))) == [
        .startTimer(.attract, after: .seconds(30))
      ])
    harness.advance(by: .seconds(29))
    #expect(harness.game.status.phase == .idle, "60 s since idle began, 29 since the reload")
    harness.advance(by: .seconds(1))
    #expect(harness.game.status.phase == .attract)
  }

  @Test func aReloadThatKeepsTheAttractTimeOrComesDuringAGameStartsNoTimer() {
    var harness = GameHarness()
    #expect(harness.reconfigure(Cabinet()).isEmpty, "the same attract time")
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    #expect(
      harness.reconfigure(Cabinet(attractAfter: .seconds(30))).isEmpty, "a game keeps its timers")
    #expect(harness.game.cabinet.attractAfter == .seconds(30))
    harness.advance(untilPhase: .gameover)
    harness.advanceWhileShowing()
    let shown = harness.now
    harness.advance(untilPhase: .attract)
    #expect(harness.now - shown <= .seconds(30), "the new attract time from the next game over")
  }

  @Test func aReloadedAttractTimeAtGameOverCountsFromTheReload() {
    var harness = GameHarness()
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.advance(untilPhase: .gameover)
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
    harness.advance(by: .seconds(20))
    #expect(
      harness.reconfigure(Cabinet(attractAfter: .seconds(600))) == [
        .startTimer(.attract, after: .seconds(600))
      ])
    harness.advance(by: .seconds(599))
    #expect(
      harness.game.status.phase == .gameover, "60 s since the game over, 599 since the reload")
    harness.advance(by: .seconds(1))
    #expect(harness.game.status.phase == .attract)
  }
}
