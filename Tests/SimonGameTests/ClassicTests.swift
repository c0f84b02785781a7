import Testing

@testable import SimonGame

@Suite("Classic play")
struct ClassicTests {
  /// A game whose countdown is over and whose first Simon turn has begun.
  static func started(_ settings: Settings = .with(), seed: UInt64 = 7) -> GameHarness {
    var harness = GameHarness(
      settings: settings, cabinet: Cabinet(hasStartButton: true), seed: seed)
    harness.press(.start)
    harness.release(.start)
    harness.advance(untilPhase: .simon)
    return harness
  }

  @Test func simonsFirstSignalIsExactlyTheDesignsEffects() {
    var harness = GameHarness(cabinet: Cabinet(hasStartButton: true), seed: 7)
    harness.press(.start)
    harness.advance(by: .milliseconds(2999))
    let effects = harness.advance(by: .milliseconds(1))
    let pad = harness.sequence[0]
    #expect(
      effects == [
        .status(Status(phase: .simon, round: 1, points: 0)),
        .light(pad, on: true), .tone(.pad(pad)),
        .startTimer(.step, after: .milliseconds(420)),
      ])
    #expect(
      harness.advance(by: .milliseconds(420)) == [
        .light(pad, on: false), .silence,
        .status(Status(phase: .player, round: 1, points: 0)),
        .startTimer(.playerTimeout, after: .seconds(3)),
      ])
  }

  @Test(arguments: Difficulty.allCases)
  func signalOnTimesFollowThePositionTable(_ difficulty: Difficulty) {
    var harness = Self.started(.with(difficulty: difficulty))
    // Play correctly until Simon shows 15 signals, then measure that whole turn.
    var mark = harness.history.count
    harness.advance(untilPhase: .player)
    while harness.sequence.count < 15 {
      harness.repeatSequence(gap: .milliseconds(10), hold: .milliseconds(130))
      mark = harness.history.count
      harness.advance(untilPhase: .player)
    }
    // The player's last press goes dark during the pause; Simon's turn is the rest.
    let changes = Array(harness.lightChanges(since: mark).suffix(30))
    #expect(changes.count == 30)
    let timings = Timings(difficulty)
    for position in 1...15 {
      let on = changes[2 * (position - 1)]
      let off = changes[2 * (position - 1) + 1]
      #expect(on.on && !off.on && on.pad == off.pad && on.pad == harness.sequence[position - 1])
      #expect(off.at - on.at == timings.signalOn(position: position), "position \(position)")
      if position < 15 {
        #expect(changes[2 * position].at - off.at == timings.signalGap)
      }
    }
    let expected: [Difficulty: [Int]] = [
      .easy: [630, 480, 330], .medium: [420, 320, 220], .hard: [294, 224, 154],
    ]
    #expect(
      [1, 6, 14].map { timings.signalOn(position: $0) }
        == expected[difficulty]!.map { Duration.milliseconds($0) })
    #expect(
      timings.signalGap == .milliseconds(difficulty == .easy ? 75 : difficulty == .hard ? 35 : 50))
  }

  @Test func theTimeoutFiresAtTheDeadlineNotAMillisecondEarly() {
    var harness = Self.started()
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(2999))
    #expect(harness.game.status.phase == .player)
    harness.advance(by: .milliseconds(1))
    #expect(harness.game.status.phase == .gameover)
    #expect(harness.records.map(\.ending) == [.timeout])
  }

  @Test func theTimeoutRestartsWithEveryCorrectPress() {
    var harness = Self.started()
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(2900))
    harness.tap(Input(harness.sequence[0]), hold: .milliseconds(120))
    harness.advance(by: .milliseconds(2879))
    #expect(harness.game.status.phase == .player)
    harness.advance(by: .milliseconds(1))
    #expect(harness.game.status.phase == .gameover)
  }

  @Test func pressesDuringSimonsTurnAreIgnored() {
    var harness = Self.started()
    harness.advance(by: .milliseconds(100))
    let lit = harness.litPads
    #expect(harness.press(.green).isEmpty)
    #expect(harness.press(.blue).isEmpty)
    harness.advance(by: .milliseconds(100))
    #expect(harness.release(.green).isEmpty)
    #expect(harness.release(.blue).isEmpty)
    #expect(harness.litPads == lit)
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 1)
    #expect(harness.records.isEmpty)
  }

  @Test func aPressIsJudgedWhenItGoesDownAndLightsAtLeast120ms() {
    var harness = Self.started(seed: 3)
    harness.advance(untilPhase: .player)
    let pad = harness.sequence[0]
    harness.advance(by: .milliseconds(500))
    let down = harness.press(Input(pad))
    #expect(down.contains(.light(pad, on: true)))
    #expect(down.contains(.tone(.pad(pad))))
    #expect(down.contains(.cancelTimer(.playerTimeout)), "judged at once: the round is complete")
    harness.advance(by: .milliseconds(10))
    #expect(
      harness.release(Input(pad)) == [.startTimer(.pressMinimum(pad), after: .milliseconds(110))])
    #expect(harness.advance(by: .milliseconds(110)) == [.light(pad, on: false), .silence])
  }

  @Test func afterTheLastCorrectPressSimonWaits800msThenPlaysOneMore() {
    var harness = Self.started()
    harness.advance(untilPhase: .player)
    harness.advance(by: .milliseconds(200))
    let pad = harness.sequence[0]
    harness.press(Input(pad))
    let pressedAt = harness.now
    harness.advance(by: .milliseconds(150))
    harness.release(Input(pad))
    harness.advance(by: .milliseconds(649))
    #expect(harness.sequence.count == 1)
    let effects = harness.advance(by: .milliseconds(1))
    #expect(harness.now - pressedAt == .milliseconds(800))
    #expect(harness.sequence.count == 2)
    #expect(effects.first == .status(Status(phase: .simon, round: 2, points: 15)))
    #expect(effects.contains(.light(harness.sequence[0], on: true)))
  }

  @Test func aMistakeRazzesWhileTheExpectedPadFlashesThenGameOver() {
    var harness = Self.started(seed: 11)
    harness.advance(untilPhase: .player)
    let expected = harness.sequence[0]
    let wrong = Pad.allCases.first { $0 != expected }!
    harness.advance(by: .milliseconds(300))
    let mark = harness.history.count
    let effects = harness.press(Input(wrong))
    let result = GameResult(
      points: 0, rounds: 0, mode: .classic, difficulty: .medium, name: "Player",
      members: ["Player"], ending: .mistake, duration: harness.now - .seconds(1000),
      reactions: [[.milliseconds(300)]])
    #expect(
      effects == [
        .light(wrong, on: true), .tone(.pad(wrong)),
        .cancelTimer(.playerTimeout),
        .light(wrong, on: false), .silence,
        .record(result, newBest: false),
        .status(Status(phase: .gameover, round: 0, points: 0)),
        .tone(.razz),
        .light(expected, on: true),
        .startTimer(.step, after: .milliseconds(125)),
      ])
    harness.advanceWhileShowing()
    let razzEnd = harness.history[mark...].first {
      $0.effect == .silence && $0.at > harness.history[mark].at
    }
    #expect(razzEnd.map { $0.at - harness.history[mark].at } == .milliseconds(1500))
    let flashes = harness.lightChanges(since: mark).filter { $0.pad == expected && $0.on }
    #expect(flashes.count == 6)
    #expect(harness.litPads.isEmpty)
    #expect(harness.sounding == nil)
  }

  /// A game lost to a timeout, its razz over: game over.
  static func atGameOver(_ cabinet: Cabinet = Cabinet()) -> GameHarness {
    var harness = GameHarness(cabinet: cabinet)
    harness.tap(cabinet.hasStartButton ? .start : .green)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
    return harness
  }

  @Test func anyPadTappedAfterGameOverStartsANewGameWhenLetGo() {
    var harness = Self.atGameOver()
    harness.press(.yellow)
    #expect(harness.litPads == [.yellow], "lit while held, as at idle")
    harness.advance(by: .milliseconds(150))
    harness.release(.yellow)
    #expect(harness.game.status.phase == .countdown)
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 1)
  }

  @Test func aPadHeldAfterGameOverOpensTheMenuAtOnceNotAfterTheLightAnimation() {
    var harness = Self.atGameOver()
    harness.press(.red)
    harness.advance(by: Timings.menuHold)
    #expect(harness.game.view.menu?.page == .difficulty)
    #expect(harness.records.count == 1, "no game started")
  }

  @Test func twoPadsHeldAfterGameOverBeginASignIn() {
    var harness = Self.atGameOver()
    harness.press(.green)
    harness.advance(by: .milliseconds(100))
    harness.press(.red)
    harness.advance(by: Timings.signInHold)
    #expect(harness.game.stage.kind == .signIn)
  }

  @Test func whereAStartButtonIsWiredAPadTapAfterGameOverStillTriesAgain() {
    var harness = Self.atGameOver(Cabinet(hasStartButton: true))
    harness.tap(.blue)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test(arguments: [8, 14])
  func reachingTheSkillTargetWinsWithTheVictorySignal(_ target: Int) {
    var harness = Self.started(.with(skillTarget: target))
    for _ in 1...target {
      harness.advance(untilPhase: .player)
      harness.repeatSequence(gap: .milliseconds(50), hold: .milliseconds(130))
    }
    let last = harness.sequence[target - 1]
    let mark = harness.history.count
    harness.advance(by: .milliseconds(800))
    harness.advanceWhileShowing()
    #expect(harness.records.map(\.ending) == [.win])
    #expect(harness.records.first?.rounds == target)
    let flashes = harness.lightChanges(since: mark).filter { $0.on }.prefix(6)
    #expect(flashes.map(\.pad) == Array(repeating: last, count: 6))
    #expect(harness.game.status.phase == .gameover)
    #expect(harness.litPads.isEmpty)
  }

  @Test func aNewBestIsCelebratedAndAnotherGameBelowItIsNot() {
    let key = TableKey(mode: .classic, difficulty: .medium)
    var harness = Self.started()
    harness.game.bests = [key: Standing(points: 10, rounds: 1)]
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    #expect(harness.records.count == 1)
    guard
      case .record(_, let newBest)? = harness.history.last(where: {
        if case .record = $0.effect { true } else { false }
      })?.effect
    else {
      Issue.record("no record effect in \(harness.history)")
      return
    }
    #expect(newBest)
    let mark = harness.history.count
    harness.advanceWhileShowing()
    #expect(harness.history[mark...].contains { $0.effect == .tone(.fanfare(0)) })
    #expect(harness.game.bests[key] == Standing(points: 15, rounds: 1))
    harness.press(.start)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    let mark2 = harness.history.count
    harness.advanceWhileShowing()
    #expect(!harness.history[mark2...].contains { $0.effect == .tone(.fanfare(0)) })
  }
}
