import Testing

@testable import SimonGame

@Suite("A press between games is never lost; the start button quits a game")
struct BetweenGamesTests {
  /// A game lost to a timeout in its first round, 300 ms into its razz.
  static func inTheRazz(_ cabinet: Cabinet = Cabinet()) -> GameHarness {
    var harness = GameHarness(cabinet: cabinet)
    harness.tap(cabinet.hasStartButton ? .start : .green)
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    harness.advance(by: .milliseconds(300))
    #expect(harness.game.stage.kind == .script, "the razz plays")
    #expect(harness.sounding == .razz)
    return harness
  }

  @Test func aPadTappedDuringTheRazzStopsItAndStartsTheNextGameWhenLetGo() {
    var harness = Self.inTheRazz()
    let effects = harness.press(.blue)
    #expect(effects.first == .cancelTimer(.step), "the razz stops where it is")
    #expect(harness.litPads == [.blue], "the press shows at once, as at game over")
    #expect(harness.sounding == .pad(.blue))
    #expect(harness.timers.deadline(of: .step) == nil)
    harness.advance(by: .milliseconds(150))
    harness.release(.blue)
    #expect(harness.game.status.phase == .countdown)
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 1)
    #expect(harness.records.count == 1, "the lost game was recorded once, when it ended")
  }

  @Test func theStartButtonDuringTheRazzStartsTheNextGameAtOnce() {
    var harness = Self.inTheRazz(Cabinet(hasStartButton: true))
    harness.press(.start)
    #expect(harness.game.status.phase == .countdown)
    #expect(harness.sounding == .tick)
    harness.release(.start)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func aPadTappedDuringTheNewBestsCelebrationStartsTheNextGame() {
    var harness = GameHarness(cabinet: Cabinet(), bests: [:])
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    harness.advance(by: Timings.razz + .milliseconds(250))
    guard case .fanfare = harness.sounding else {
      Issue.record("the celebration does not play: \(String(describing: harness.sounding))")
      return
    }
    harness.tap(.red)
    #expect(harness.game.status.phase == .countdown)
    let fanfares = harness.history.filter {
      if case .tone(.fanfare) = $0.effect { true } else { false }
    }
    #expect(fanfares.count < Timings.celebrationSteps, "cut short")
  }

  @Test func lastDuringTheRazzReplaysAndComesBackToGameOver() {
    var harness = Self.inTheRazz(Cabinet(hasStartButton: true))
    harness.press(.last)
    #expect(harness.game.view.replay == .last)
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
  }

  @Test func aJoystickDirectionDuringTheRazzLeavesItPlaying() {
    var harness = Self.inTheRazz(Cabinet(hasJoystick: true))
    #expect(harness.press(.up).isEmpty)
    #expect(harness.sounding == .razz)
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
  }

  @Test func nameEntryAskedDuringTheRazzBeginsAtThePressAndTakesNothingFromIt() {
    var harness = NamingTests.inTheRazz()
    harness.send(.nameEntryAsked(NamingTests.entry(["ANNA", "BOB"]), at: harness.now))
    harness.press(.blue)
    #expect(harness.game.stage.kind == .naming, "entry begins at once")
    #expect(harness.game.view.naming?.choice == 0, "the press moved no choice")
    #expect(harness.litPads.isEmpty)
    harness.advance(by: .milliseconds(150))
    #expect(harness.release(.blue).isEmpty)
    harness.tap(.red)
    #expect(NamingTests.named(harness) == ["ANNA"])
  }

  @Test func aPadTappedDuringTheFlashAfterANameStartsTheNextGame() {
    var harness = NamingTests.naming(NamingTests.entry(["ANNA"]))
    harness.tap(.red)
    #expect(NamingTests.named(harness) == ["ANNA"])
    #expect(harness.game.stage.kind == .script, "the pads flash for the name")
    harness.advance(by: .milliseconds(200))
    harness.tap(.green)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func aPadTappedDuringAReplayAtIdleStartsAGame() {
    var harness = ClassicTests.atGameOver()
    harness.advance(by: .seconds(60))
    harness.tap(.yellow)
    #expect(harness.game.stage.kind == .idle, "the touch woke the attract")
    harness.tap(.last)
    #expect(harness.game.view.replay == .last)
    harness.tap(.green)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func pressesDuringTheCountdownAndAnEliminationsRazzStillDoNothing() {
    var countdown = GameHarness()
    countdown.tap(.green)
    countdown.advance(by: .milliseconds(500))
    #expect(countdown.press(.red).isEmpty)
    #expect(countdown.game.status.phase == .countdown)

    var harness = GameHarness(settings: .with(mode: .playerAdds, players: 3))
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    #expect(harness.sounding == .razz, "player 1 is out; the game goes on")
    #expect(harness.press(.red).isEmpty)
    #expect(harness.records.isEmpty)
  }

  // MARK: Quit and restart

  /// A classic game with a start button, its first round repeated, the second answering.
  static func inRoundTwo() -> GameHarness {
    var harness = GameHarness(cabinet: Cabinet(hasStartButton: true))
    harness.tap(.start)
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    return harness
  }

  @Test func startDuringAGameQuitsItWithItsScoreAndTheNextCountdownBeginsAtOnce() {
    var harness = Self.inRoundTwo()
    let points = harness.game.status.points
    harness.advance(by: .milliseconds(400))
    let effects = harness.press(.start)
    #expect(effects.prefix(2) == [.cancelTimer(.playerTimeout), .cancelTimer(.step)])
    #expect(harness.records.map(\.ending) == [.quit])
    #expect(harness.records.first?.points == points, "no penalty: the score is kept")
    #expect(harness.records.first?.rounds == 1)
    #expect(harness.game.status == Status(phase: .countdown, round: 0, points: 0))
    #expect(harness.timers.deadline(of: .playerTimeout) == nil)
    harness.release(.start)
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 1, "a new game from its first round")
    harness.advance(by: Timings(.medium).playerTimeout - .milliseconds(1))
    #expect(harness.game.status.phase == .player, "no timer of the quit game ends this one")
  }

  @Test func startDuringSimonsTurnOrTheCountdownQuitsToo() {
    var simon = Self.inRoundTwo()
    simon.repeatSequence()
    simon.advance(untilPhase: .simon)
    simon.press(.start)
    #expect(simon.records.map(\.ending) == [.quit])
    #expect(simon.records.first?.rounds == 2)

    var countdown = GameHarness(cabinet: Cabinet(hasStartButton: true))
    countdown.tap(.start)
    countdown.advance(by: .seconds(1))
    countdown.tap(.start)
    #expect(countdown.records.map(\.rounds) == [0])
    #expect(countdown.game.status.phase == .countdown)
  }

  @Test func aQuitGameAboveTheBestIsTheNewBestWithoutACelebration() {
    let key = TableKey(mode: .classic, difficulty: .medium)
    var harness = Self.inRoundTwo()
    harness.game.bests = [key: Standing(points: 1, rounds: 1)]
    let mark = harness.history.count
    harness.press(.start)
    #expect(
      harness.effects(since: mark).contains { $0 == .record(harness.records[0], newBest: true) })
    #expect(harness.game.bests[key] == harness.records[0].standing)
    #expect(
      !harness.effects(since: mark).contains {
        if case .tone(.fanfare) = $0 { true } else { false }
      })
  }

  @Test func aGameWonAtTheSkillTargetIsRecordedAtOnceAndStartDuringItsVictoryIsNoQuit() {
    var harness = GameHarness(
      settings: .with(skillTarget: 8), cabinet: Cabinet(hasStartButton: true))
    harness.tap(.start)
    for _ in 1...8 {
      harness.advance(untilPhase: .player)
      harness.repeatSequence(gap: .milliseconds(50), hold: .milliseconds(130))
    }
    #expect(harness.records.map(\.ending) == [.win], "recorded at the winning press")
    #expect(harness.game.status.phase == .gameover)
    harness.advance(by: .milliseconds(900))
    #expect(harness.game.stage.kind == .script, "the victory signal plays")
    harness.press(.start)
    #expect(harness.records.map(\.ending) == [.win], "the won game stays won")
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func startDuringTheRazzThatLeftOnePlayerStartsTheNextGameAndTheWinStands() {
    var cabinet = Cabinet(hasStartButton: true)
    cabinet.playerNames = ["Ann", "Bob"]
    var harness = GameHarness(settings: .with(mode: .playerAdds, players: 2), cabinet: cabinet)
    harness.tap(.start)
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    #expect(harness.records.map(\.ending) == [.win], "Bob is the last one left")
    #expect(harness.records.first?.name == "Bob")
    #expect(harness.sounding == .razz)
    harness.press(.start)
    #expect(harness.records.count == 1)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func aShortPressBeforeAQuitCannotPutOutTheCountdownsFlash() {
    var harness = Self.inRoundTwo()
    let pad = harness.sequence[0]
    harness.press(Input(pad))
    harness.advance(by: .milliseconds(30))
    harness.release(Input(pad))
    #expect(harness.timers.deadline(of: .pressMinimum(pad)) != nil)
    harness.press(.start)
    #expect(harness.timers.deadline(of: .pressMinimum(pad)) == nil)
    harness.advance(by: .milliseconds(149))
    #expect(harness.litPads == Set(Pad.allCases), "the whole first flash of the countdown")
  }

  @Test func aQuitCoopGameIsRecordedUnderTheTeamsName() {
    var coop = GameHarness(
      settings: .with(mode: .coop, players: 2),
      cabinet: Cabinet(hasStartButton: true, playerNames: ["Ann", "Bob"], teamName: "Owls"))
    coop.tap(.start)
    coop.advance(untilPhase: .player)
    coop.press(.start)
    #expect(coop.records.map(\.name) == ["Owls"])
    #expect(coop.records.map(\.ending) == [.quit])
  }
}
