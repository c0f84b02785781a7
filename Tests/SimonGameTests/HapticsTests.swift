import Testing

@testable import SimonGame

@Suite("Haptics: the motor clicks for a press the game takes, and buzzes at game over")
struct HapticsTests {
  /// When the motor went on and off since a history index.
  static func motor(_ harness: GameHarness, since index: Int = 0) -> [(at: Duration, on: Bool)] {
    harness.history[index...].compactMap { entry in
      if case .haptic(let on) = entry.effect { return (entry.at, on) }
      return nil
    }
  }

  /// A game on a cabinet with a start button and a motor, haptics on unless asked
  /// otherwise, at Simon's first signal.
  static func started(haptics: Bool = true, seed: UInt64 = 7) -> GameHarness {
    var harness = GameHarness(
      settings: .with(haptics: haptics), cabinet: Cabinet(hasStartButton: true, hasHaptics: true),
      seed: seed)
    harness.press(.start)
    harness.release(.start)
    harness.advance(untilPhase: .simon)
    return harness
  }

  @Test func aPadPressAtIdleClicksForFortyMillisecondsAfterItsLampLights() {
    var harness = Self.wired()
    let start = harness.now
    let effects = harness.press(.green)
    #expect(effects.first == .light(.green, on: true), "the lamp first")
    #expect(
      Array(effects.suffix(2)) == [
        .haptic(on: true), .startTimer(.haptic, after: .milliseconds(40)),
      ])
    harness.advance(by: .milliseconds(39))
    #expect(Self.motor(harness).map(\.on) == [true])
    harness.advance(by: .milliseconds(1))
    #expect(Self.motor(harness).map(\.at) == [start, start + .milliseconds(40)])
    #expect(Self.motor(harness).map(\.on) == [true, false])
  }

  @Test func withHapticsOffTheMotorNeverRunsThroughAWholeGame() {
    // A motor is wired: only the setting keeps it still.
    var harness = Self.started(haptics: false)
    _ = Self.endWithAMistake(&harness, after: 1)
    #expect(harness.records.count == 1)
    #expect(harness.records[0].points > 0, "a new best, whose pattern is the longest")
    #expect(Self.motor(harness).isEmpty)
    #expect(
      !harness.history.contains { $0.effect == .startTimer(.haptic, after: .milliseconds(40)) })
  }

  @Test func pressesTheGameIgnoresDoNotClick() {
    var harness = Self.started()
    let mark = harness.history.count
    harness.tap(.green)  // Simon's turn: ignored
    harness.advance(untilPhase: .player)
    harness.tap(.up)  // a joystick direction in classic play: ignored
    harness.tap(.last)  // nothing to replay mid-game
    #expect(Self.motor(harness, since: mark).isEmpty)
    harness.tap(Input(harness.sequence[0]))
    #expect(Self.motor(harness, since: mark).map(\.on) == [true, false], "the answer clicks")
  }

  @Test func theStartButtonDuringAGameClicksAsItQuits() {
    var harness = Self.started()
    let mark = harness.history.count
    let effects = harness.press(.start)
    #expect(effects.contains(.haptic(on: true)))
    #expect(harness.records.map(\.ending) == [.quit])
    harness.advance(by: .milliseconds(40))
    #expect(Self.motor(harness, since: mark).map(\.on) == [true, false])
  }

  /// Presses a wrong pad for `rounds + 1`'s first signal after repeating `rounds` rounds,
  /// and plays the show out; returns the history index of the wrong press.
  static func endWithAMistake(_ harness: inout GameHarness, after rounds: Int) -> Int {
    for _ in 0..<rounds {
      harness.advance(untilPhase: .player)
      harness.repeatSequence()
    }
    harness.advance(untilPhase: .player)
    let wrong: Pad = harness.sequence[0] == .green ? .red : .green
    let mark = harness.history.count
    harness.tap(Input(wrong))
    harness.advanceWhileShowing()
    return mark
  }

  @Test func gameOverBuzzesOnceFor400Milliseconds() {
    var harness = Self.started()
    let mark = Self.endWithAMistake(&harness, after: 0)
    #expect(harness.records.map(\.points) == [0], "no points: no new best")
    // The game ended on the press: its click became the game-over buzz at once.
    let buzz = Self.motor(harness, since: mark)
    #expect(buzz.map(\.on) == [true, false])
    #expect(buzz.count == 2 && buzz[1].at - buzz[0].at == .milliseconds(400))
  }

  @Test func aNewBestBuzzesThreeTimes() throws {
    var harness = Self.started()
    let mark = Self.endWithAMistake(&harness, after: 1)
    let result = try #require(harness.records.first)
    #expect(result.points > 0)
    let pattern = Self.motor(harness, since: mark)
    #expect(pattern.map(\.on) == [true, false, true, false, true, false])
    let lengths = zip(pattern.dropFirst(), pattern).map { $0.at - $1.at }
    #expect(lengths == [120, 100, 120, 100, 300].map { .milliseconds($0) })
  }

  @Test func aPressDuringTheBuzzCutsItToAClickAndTheMotorEndsOff() {
    var harness = Self.started()
    harness.advance(untilPhase: .player)
    harness.tap(Input(harness.sequence[0] == .green ? .red : .green), hold: .milliseconds(100))
    #expect(harness.game.stage.kind == .script, "the razz is showing")
    let mark = harness.history.count
    let pressedAt = harness.now
    harness.press(.yellow)
    harness.advance(by: .seconds(2))
    let motor = Self.motor(harness, since: mark)
    #expect(motor.map(\.on) == [false], "still on from the buzz: it ends with the click")
    #expect(motor.first?.at == pressedAt + .milliseconds(40))
  }

  @Test func shutdownStopsTheMotorMidBuzz() {
    var harness = Self.started()
    harness.advance(untilPhase: .player)
    harness.press(Input(harness.sequence[0] == .green ? .red : .green))
    harness.advance(by: .milliseconds(100))
    let effects = harness.send(.shutdown(at: harness.now))
    #expect(effects.contains(.haptic(on: false)))
    #expect(effects.contains(.cancelTimer(.haptic)))
  }

  @Test func holdingBlueTwoSecondsMoreOpensTheHapticsPageWhereAMotorIsWired() {
    var harness = GameHarness(
      settings: .with(haptics: true), cabinet: Cabinet(hasHaptics: true))
    harness.press(.blue)
    harness.advance(by: .seconds(2))
    #expect(harness.game.view.menu?.page == .sound)
    harness.advance(by: .seconds(2))
    #expect(harness.game.view.menu?.page == .haptics)
    #expect(harness.game.view.menu?.value == "on")
    #expect(harness.litPads == [.red], "on is the second choice")
    harness.release(.blue)
    harness.tap(.green)
    #expect(harness.game.view.menu?.value == "off")
    let effects = harness.advance(by: .seconds(5))
    #expect(harness.game.settings.hapticsOn == false)
    #expect(
      effects.contains(
        .settingsChanged(.with(haptics: false), previous: .with(haptics: true))))
  }

  @Test func withoutAMotorOrWhenLetGoTheSoundPageStays() {
    var harness = GameHarness(settings: .with(haptics: true))
    harness.press(.blue)
    harness.advance(by: .seconds(5))
    #expect(harness.game.view.menu?.page == .sound, "no motor wired")

    var wired = GameHarness(settings: .with(haptics: true), cabinet: Cabinet(hasHaptics: true))
    wired.press(.blue)
    wired.advance(by: .seconds(2))
    wired.release(.blue)
    wired.advance(by: .seconds(3))
    #expect(wired.game.view.menu?.page == .sound, "let go before the second hold ended")
  }

  @Test func withoutAMotorWiredNothingIsAskedOfOne() {
    var harness = GameHarness(settings: .with(haptics: true), cabinet: Cabinet())
    harness.tap(.green)
    harness.advance(by: .seconds(10))
    #expect(Self.motor(harness).isEmpty)
    #expect(
      !harness.history.contains { $0.effect == .startTimer(.haptic, after: .milliseconds(40)) })
  }

  @Test func aJoystickTouchThatWakesTheCabinetClicks() {
    var harness = Self.wired()
    harness.advance(by: .seconds(61))
    #expect(harness.game.status.phase == .attract)
    #expect(harness.press(.up).contains(.haptic(on: true)))
    #expect(harness.game.status.phase == .idle)
  }

  @Test func lastAndLongestClickOnlyWhenThereIsSomethingToReplay() {
    var harness = Self.wired()
    #expect(!harness.press(.last).contains(.haptic(on: true)), "nothing played yet")
    harness.release(.last)
    #expect(!harness.press(.longest).contains(.haptic(on: true)))
    harness.release(.longest)
    var played = Self.started()
    _ = Self.endWithAMistake(&played, after: 1)
    played.advance(by: .milliseconds(100))
    #expect(played.press(.last).contains(.haptic(on: true)), "the last game's sequence replays")
  }

  @Test func turningHapticsOffAtTheMenuStopsTheMotorAtOnce() {
    var harness = Self.wired()
    harness.press(.blue)
    harness.advance(by: .seconds(4))
    harness.release(.blue)
    harness.press(.green)  // "off"; the press clicks while haptics are still on
    let effects = harness.press(.start)  // closes the menu at once
    #expect(harness.game.settings.hapticsOn == false)
    #expect(effects.contains(.haptic(on: false)))
    #expect(effects.contains(.cancelTimer(.haptic)))
  }

  /// An idle cabinet with a motor and haptics on.
  static func wired() -> GameHarness {
    GameHarness(settings: .with(haptics: true), cabinet: Cabinet(hasHaptics: true))
  }
}
