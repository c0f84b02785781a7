import Testing

@testable import SimonGame

@Suite("Settings menu and shutdown")
struct MenuAndShutdownTests {
  @Test func holdingGreenTwoSecondsOpensTheModePageShowingTheCurrentMode() {
    var harness = GameHarness()
    harness.press(.green)
    harness.advance(by: .milliseconds(1999))
    #expect(harness.game.stage.kind == .idle)
    let effects = harness.advance(by: .milliseconds(1))
    #expect(harness.game.stage.kind == .menu)
    #expect(harness.litPads == [.green], "classic is the first choice: green lit")
    #expect(effects.contains(.startTimer(.menuIdle, after: .seconds(5))))
    harness.release(.green)
    #expect(
      harness.game.stage.kind == .menu, "the release of the holding press does not start a game")
  }

  @Test func eachPressStepsTheChoiceAndFiveQuietSecondsSaveIt() {
    var harness = GameHarness()
    harness.press(.red)
    harness.advance(by: .seconds(2))
    harness.release(.red)
    #expect(harness.litPads == [.red], "medium is the second choice")
    harness.tap(.blue)
    #expect(harness.litPads == [.yellow], "hard")
    harness.tap(.blue)
    #expect(harness.litPads == [.green], "wraps to easy")
    harness.advance(by: .milliseconds(4849))
    #expect(harness.game.stage.kind == .menu)
    let effects = harness.advance(by: .milliseconds(1))
    var expected = Settings.with()
    expected.difficulty = .easy
    #expect(effects.contains(.settingsChanged(expected, previous: .with())))
    #expect(harness.game.settings.difficulty == .easy)
    #expect(harness.game.stage.kind == .idle)
    #expect(harness.litPads.isEmpty)
  }

  @Test func theSoundPageOffersOffAndFourVolumesAndTheFifthChoiceLightsAll() {
    var harness = GameHarness()
    harness.press(.blue)
    harness.advance(by: .seconds(2))
    harness.release(.blue)
    #expect(harness.litPads == [.blue], "60 % shows as the fourth choice, 75 %")
    harness.tap(.green)
    #expect(harness.litPads == Set(Pad.allCases), "100 %")
    harness.tap(.green)
    #expect(harness.litPads == [.green], "off")
    harness.advance(by: .seconds(5))
    #expect(harness.game.settings.soundOn == false)
  }

  @Test(arguments: [Pad.green, .red, .yellow, .blue])
  func aPageLeftOnItsFirstChoiceChangesNothing(_ page: Pad) throws {
    var harness = GameHarness()
    harness.press(Input(page))
    harness.advance(by: .seconds(2))
    harness.release(Input(page))
    let choices = try #require(harness.game.view.menu?.choices)
    for _ in 0..<choices { harness.tap(.green) }
    #expect(harness.game.stage.kind == .menu, "all the way round, back on the first choice")
    let effects = harness.advance(by: .seconds(5))
    #expect(harness.game.stage.kind == .idle)
    #expect(!effects.contains { if case .settingsChanged = $0 { true } else { false } })
    #expect(harness.game.settings == Settings.with(), "volume 60 stays 60, not 75")
  }

  @Test("a menu open at shutdown is gone with it: a stopped cabinet shows no menu")
  func shutdownClosesTheMenuWithoutSavingIt() {
    var harness = GameHarness()
    harness.press(.green)
    harness.advance(by: .seconds(2))
    harness.release(.green)
    harness.tap(.green)
    #expect(harness.game.view.menu?.choice == 1)
    let effects = harness.send(.shutdown(at: harness.now))
    #expect(harness.game.view.menu == nil)
    #expect(!effects.contains { if case .settingsChanged = $0 { true } else { false } })
    #expect(harness.game.stage.kind == .stopped)
  }

  @Test func shutdownMidGameRecordsWhatWasEarnedAndGoesDark() {
    var harness = ClassicTests.started()
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(100))
    harness.press(Input(harness.sequence[0]))
    let effects = harness.send(.shutdown(at: harness.now))
    #expect(harness.records.map(\.ending) == [.shutdown])
    #expect(harness.records.map(\.rounds) == [1])
    #expect(harness.records.map(\.points) == [15])
    #expect(effects.contains(.silence))
    #expect(harness.litPads.isEmpty)
    #expect(harness.send(.pressed(.green, at: harness.now)).isEmpty, "nothing after shutdown")
  }

  @Test func shutdownAtIdleRecordsNothing() {
    var harness = GameHarness()
    harness.send(.shutdown(at: harness.now))
    #expect(harness.records.isEmpty)
  }

  @Test func shutdownAfterGameOverDoesNotRecordTwice() {
    var harness = ClassicTests.started()
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    harness.send(.shutdown(at: harness.now))
    #expect(harness.records.map(\.ending) == [.timeout])
  }
}
