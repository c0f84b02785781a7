import Testing

@testable import SimonGame

@Suite("Levels, coop, player-adds and directional")
struct ModeTests {
  @Test func levelsPlayTheVictoryAt10And15AndGoOn() {
    var harness = ClassicTests.started(.with(mode: .levels))
    var victories: [Int] = []
    harness.advance(untilPhase: .player)
    while harness.sequence.count < 17 {
      harness.repeatSequence(gap: .milliseconds(20), hold: .milliseconds(130))
      let length = harness.sequence.count
      let mark = harness.history.count
      harness.advance(untilPhase: .player)
      let flashes = harness.lightChanges(since: mark).filter(\.on).prefix(6).map(\.pad)
      if flashes == Array(repeating: harness.sequence[length - 1], count: 6),
        harness.sequence.count == length + 1, length >= 10
      {
        victories.append(length)
      }
    }
    #expect(victories == [10, 15])
    #expect(harness.game.match?.level == 3)
    harness.advance(by: .seconds(3))
    #expect(harness.records.map(\.level) == [3])
    #expect(harness.records.map(\.rounds) == [16])
    #expect(harness.records.map(\.ending) == [.timeout])
  }

  @Test func coopPlayersTakeTurnsCuedByBlinksAndOneMistakeEndsTheTeam() {
    var cabinet = Cabinet(hasStartButton: true)
    cabinet.playerNames = ["Ann", "Bob", "Cy"]
    cabinet.teamName = "Owls"
    var harness = GameHarness(settings: .with(mode: .coop, players: 3), cabinet: cabinet)
    harness.press(.start)
    harness.advance(by: .milliseconds(2999))  // the countdown, but not Simon's first step
    var cues: [Int] = []
    for _ in 1...4 {
      let mark = harness.history.count
      harness.advance(untilPhase: .player)
      // The cue: all four pads lit together, counted before Simon's first signal.
      var blinks = 0
      var lit = Set<Pad>()
      for change in harness.lightChanges(since: mark) {
        if change.on { lit.insert(change.pad) } else { lit.remove(change.pad) }
        if lit.count == 4 { blinks += 1 }
      }
      cues.append(blinks)
      harness.repeatSequence()
    }
    #expect(cues == [1, 2, 3, 1])
    #expect(harness.game.match?.currentPlayer == 1)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    let record = harness.records.first
    #expect(record?.name == "Owls")
    #expect(record?.members == ["Ann", "Bob", "Cy"])
    #expect(record?.rounds == 4)
    #expect(record?.mode == .coop)
  }

  @Test func playerAddsEliminatesUntilOneWins() {
    var cabinet = Cabinet(hasStartButton: true)
    cabinet.playerNames = ["Ann", "Bob", "Cy"]
    var harness = GameHarness(settings: .with(mode: .playerAdds, players: 3), cabinet: cabinet)
    harness.press(.start)
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 1, "Simon gives the first signal")
    // Ann repeats and adds green.
    harness.repeatSequence()
    harness.advance(by: .milliseconds(100))
    harness.tap(.green)
    #expect(harness.sequence.count == 2)
    #expect(harness.sequence.last == .green)
    // Bob's turn: Simon does not play; the cue, then Bob answers.
    let mark = harness.history.count
    harness.advance(untilPhase: .player)
    #expect(
      !harness.history[mark...].contains { if case .tone(.pad) = $0.effect { true } else { false } }
    )
    #expect(harness.game.match?.currentPlayer == 1)
    // Bob gets it wrong: he is out; Cy goes on with the same sequence.
    let wrong = Pad.allCases.first { $0 != harness.sequence[0] }!
    harness.press(Input(wrong))
    #expect(harness.records.isEmpty)
    harness.release(Input(wrong))
    harness.advance(untilPhase: .player)
    #expect(harness.game.match?.currentPlayer == 2)
    #expect(harness.sequence.count == 2)
    // Cy repeats and adds red; Ann times out adding: Cy is the last one left.
    harness.repeatSequence()
    harness.advance(by: .milliseconds(100))
    harness.tap(.red)
    harness.advance(untilPhase: .player)
    #expect(harness.game.match?.currentPlayer == 0)
    harness.repeatSequence()
    harness.advance(by: .seconds(3))
    harness.advanceWhileShowing()
    let record = harness.records.first
    #expect(record?.ending == .win)
    #expect(record?.name == "Cy")
    #expect(record?.members == ["Ann", "Bob", "Cy"])
    #expect(record?.rounds == 3)
    #expect(harness.game.status.phase == .gameover)
    #expect(harness.litPads.isEmpty)
  }

  @Test func directionalIsAnsweredWithTheJoystickAndPadsDoNotCount() {
    var harness = GameHarness(
      settings: .with(mode: .directional), cabinet: Cabinet(hasStartButton: true, hasJoystick: true)
    )
    harness.press(.start)
    harness.advance(untilPhase: .player)
    let pad = harness.sequence[0]
    #expect(harness.press(Input(pad)).isEmpty, "a pad does not answer in directional mode")
    let direction = [Input.up, .down, .left, .right].first { $0.directionalPad == pad }!
    let effects = harness.press(direction)
    #expect(effects.contains(.light(pad, on: true)))
    #expect(effects.contains(.tone(.pad(pad))))
    harness.advance(by: .milliseconds(150))
    harness.release(direction)
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 2)
    #expect(harness.game.match?.mode == .directional)
  }

  @Test func directionalWithoutAJoystickPlaysClassic() {
    var harness = GameHarness(
      settings: .with(mode: .directional), cabinet: Cabinet(hasStartButton: true))
    harness.press(.start)
    harness.advance(untilPhase: .player)
    #expect(harness.game.match?.mode == .classic)
  }
}
