import Testing

@testable import SimonGame

@Suite("Head to head at one cabinet: the challenge, the start, the rival, the outcome")
struct HeadToHeadGameTests {
  let challenge = Challenge(
    id: "m-1", rival: Rival(cabinet: "left", player: "ANNA"), seed: 0x5151_ABCD)

  /// A cabinet with a challenge from the rival accepted, just before the start instant.
  private func agreed(difficulty: Difficulty = .medium, seed: UInt64 = 1) -> GameHarness {
    var harness = GameHarness(settings: .with(difficulty: difficulty), seed: seed)
    harness.send(.challengeOffered(challenge, at: harness.now))
    harness.tap(.red)
    return harness
  }

  /// A match game at the start of its first answer window.
  private func playing(difficulty: Difficulty = .medium, seed: UInt64 = 1) -> GameHarness {
    var harness = agreed(difficulty: difficulty, seed: seed)
    harness.send(.matchStarts(challenge.id, at: harness.now))
    harness.advance(untilPhase: .player)
    return harness
  }

  private func answers(_ effects: [Effect]) -> [ChallengeAnswer] {
    effects.compactMap { if case .answerChallenge(_, let answer) = $0 { answer } else { nil } }
  }

  private func progress(_ effects: [Effect]) -> [HeadToHead.Side] {
    effects.compactMap { if case .sendProgress(_, _, let side) = $0 { side } else { nil } }
  }

  private func decided(_ effects: [Effect]) -> [HeadToHead.Outcome] {
    effects.compactMap { if case .matchDecided(_, _, let outcome) = $0 { outcome } else { nil } }
  }

  // MARK: The challenge

  @Test func anOfferedChallengeBlinksTheDiagonalsUntilAPressAcceptsIt() {
    var harness = GameHarness()
    #expect(harness.game.matchRefusal == nil)
    let shown = harness.send(.challengeOffered(challenge, at: harness.now))
    #expect(answers(shown).isEmpty, "shown, not answered")
    #expect(harness.litPads == [.green, .blue])
    #expect(
      harness.game.view.headToHead
        == HeadToHeadView(match: "m-1", rival: challenge.rival, state: .offered))
    #expect(harness.game.status.phase == .idle)
    harness.advance(by: Timings.challengeBlink)
    #expect(harness.litPads == [.red, .yellow])

    let accepted = harness.press(.yellow)
    #expect(answers(accepted) == [.accepted])
    #expect(harness.litPads == Set(Pad.allCases), "agreed: every pad lit until the start")
    #expect(harness.game.view.headToHead?.state == .agreed)
    harness.advance(by: .milliseconds(200))
    harness.release(.yellow)
    #expect(harness.game.status.phase == .idle, "the accepting press starts no game by itself")
    #expect(harness.game.stage.kind == .challenge)
  }

  @Test func theChallengeLapsesAtThirtySecondsWithoutAPress() {
    var harness = GameHarness()
    harness.send(.challengeOffered(challenge, at: harness.now))
    let start = harness.now
    #expect(answers(harness.advance(by: Timings.challengeAnswer - .milliseconds(1))).isEmpty)
    let index = harness.history.count
    harness.advance(by: .milliseconds(1))
    #expect(answers(harness.effects(since: index)) == [.lapsed])
    #expect(
      harness.history.last { if case .answerChallenge = $0.effect { true } else { false } }?.at
        == start + .seconds(30))
    #expect(harness.game.stage.kind == .idle)
    #expect(harness.litPads.isEmpty)
    #expect(harness.game.view.headToHead == nil)
  }

  @Test func aCabinetInAGameDeclinesAtOnceAndPlaysOn() {
    var harness = GameHarness()
    harness.tap(.green)
    #expect(harness.game.status.phase == .countdown)
    #expect(harness.game.matchRefusal == .busy)
    let effects = harness.send(.challengeOffered(challenge, at: harness.now))
    #expect(effects == [.answerChallenge("m-1", .declined(.busy))])
    harness.advance(untilPhase: .player)
    #expect(harness.sequence.count == 1, "the game goes on")
  }

  @Test func theFirstChallengeWinsAndTheSecondIsTold() {
    var harness = GameHarness()
    harness.send(.challengeOffered(challenge, at: harness.now))
    var second = challenge
    second.id = "m-2"
    second.rival.cabinet = "right"
    let effects = harness.send(.challengeOffered(second, at: harness.now))
    #expect(effects == [.answerChallenge("m-2", .declined(.anotherMatch))])
    #expect(harness.game.view.headToHead?.match == "m-1")
  }

  @Test func aChallengeWakesTheAttractShowAndEndsAGameOver() {
    var attract = GameHarness()
    attract.advance(untilPhase: .attract)
    attract.send(.challengeOffered(challenge, at: attract.now))
    #expect(attract.game.stage.kind == .challenge)
    #expect(attract.litPads == [.green, .blue])

    var over = GameHarness()
    over.tap(.green)
    over.advance(untilPhase: .player)
    over.advance(untilPhase: .gameover)
    over.advanceWhileShowing()
    #expect(over.game.matchRefusal == nil)
    over.send(.challengeOffered(challenge, at: over.now))
    #expect(over.game.stage.kind == .challenge)
  }

  @Test func anAgreedMatchWhoseStartNeverComesIsAbandoned() {
    var harness = agreed()
    let index = harness.history.count
    harness.advance(by: Timings.matchStartWait)
    #expect(answers(harness.effects(since: index)) == [.abandoned])
    #expect(harness.game.stage.kind == .idle)
    #expect(harness.litPads.isEmpty)
  }

  @Test func aChallengeSentFromHereWaitsForTheRivalsAnswer() {
    var harness = GameHarness()
    let effects = harness.send(.challengeSent(challenge, at: harness.now))
    #expect(effects.contains(.sendChallenge(challenge)))
    #expect(
      harness.litPads == [.green], "one pad at a time round the cabinet while the rival decides")
    #expect(harness.game.view.headToHead?.state == .sent)
    harness.press(.blue)
    #expect(harness.game.view.headToHead?.state == .sent, "a press here accepts nothing")
    harness.release(.blue)

    harness.send(.challengeAnswered("m-9", .accepted, at: harness.now))
    #expect(harness.game.view.headToHead?.state == .sent, "an answer to another match")
    harness.send(.challengeAnswered("m-1", .accepted, at: harness.now))
    #expect(harness.game.view.headToHead?.state == .agreed)
    harness.send(.matchStarts("m-1", at: harness.now))
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func aDeclinedOrUnansweredChallengeFreesTheCabinet() {
    var declined = GameHarness()
    declined.send(.challengeSent(challenge, at: declined.now))
    declined.send(.challengeAnswered("m-1", .declined(.busy), at: declined.now))
    #expect(declined.game.stage.kind == .idle)
    #expect(declined.litPads.isEmpty)

    var silent = GameHarness()
    silent.send(.challengeSent(challenge, at: silent.now))
    silent.advance(by: Timings.challengeAnswer)
    #expect(silent.game.stage.kind == .challenge, "the rival's own lapse has time to arrive")
    let index = silent.history.count
    silent.advance(by: Timings.challengeGrace)
    #expect(answers(silent.effects(since: index)) == [.lapsed])
    #expect(silent.game.stage.kind == .idle)
  }

  @Test func aStartForAMatchNotAgreedStartsNothing() {
    var harness = GameHarness()
    harness.send(.challengeOffered(challenge, at: harness.now))
    #expect(harness.send(.matchStarts("m-1", at: harness.now)).isEmpty, "not accepted here")
    #expect(harness.game.status.phase == .idle)
    var idle = GameHarness()
    #expect(idle.send(.matchStarts("m-1", at: idle.now)).isEmpty)
  }

  // MARK: The match

  /// Two cabinets of different difficulties and generators play the seed's sequence.
  @Test func bothCabinetsPlayTheSharedSequence() {
    var easy = playing(difficulty: .easy, seed: 11)
    var hard = playing(difficulty: .hard, seed: 99)
    for _ in 0..<4 {
      easy.repeatSequence()
      easy.advance(untilPhase: .player)
      hard.repeatSequence()
      hard.advance(untilPhase: .player)
    }
    #expect(easy.sequence == SharedSequence.pads(seed: challenge.seed, count: 5))
    #expect(hard.sequence == easy.sequence)
    #expect(easy.game.view.mode == .classic)
    #expect(hard.game.view.difficulty == .hard)
  }

  @Test func eachRoundAndTheGameOverAreToldToTheRival() {
    var harness = playing()
    let index = harness.history.count
    harness.repeatSequence()
    let told = progress(harness.effects(since: index))
    #expect(told.count == 1)
    #expect(told.first?.rounds == 1)
    #expect(told.first?.isIn == true)
    #expect((told.first?.points ?? 0) >= 10)
    harness.advance(untilPhase: .player)
    let before = harness.history.count
    let startedAt = harness.history.first {
      $0.effect == .status(Status(phase: .countdown, round: 0, points: 0))
    }?.at
    harness.advance(untilPhase: .gameover)
    let out = progress(harness.effects(since: before))
    #expect(out.count == 1)
    #expect(out.first?.rounds == 1)
    #expect(out.first?.outAfter == startedAt.map { harness.now - $0 })
  }

  @Test func theRivalOutEarlierMakesThisCabinetTheWinnerAtOnce() {
    var harness = playing()
    harness.repeatSequence()
    let out = HeadToHead.Side(rounds: 0, points: 0, outAfter: .seconds(8))
    let effects = harness.send(.rivalProgressed("m-1", out, at: harness.now))
    #expect(decided(effects) == [.won])
    #expect(harness.game.view.headToHead?.outcome == .won)
    #expect(harness.game.view.headToHead?.rivalSide == out)
    harness.advance(untilPhase: .player)
    harness.advance(untilPhase: .gameover)
    #expect(
      harness.records.last?.headToHead
        == HeadToHeadRecord(match: "m-1", rival: challenge.rival, outcome: .won))
    #expect(decided(harness.effects(since: 0)) == [.won], "decided once")
  }

  @Test func outFirstTheOutcomeWaitsForTheRival() {
    var harness = playing()
    harness.advance(untilPhase: .gameover)
    #expect(harness.records.last?.headToHead?.outcome == nil)
    #expect(harness.records.last?.mode == .classic)
    let still = HeadToHead.Side(rounds: 0, points: 0)
    #expect(decided(harness.send(.rivalProgressed("m-1", still, at: harness.now))).isEmpty)
    harness.advanceWhileShowing()
    harness.tap(.green)
    #expect(
      harness.game.status.phase == .countdown,
      "a tap after the match's game starts a game of its own")
    let passed = HeadToHead.Side(rounds: 1, points: 12)
    #expect(decided(harness.send(.rivalProgressed("m-1", passed, at: harness.now))) == [.lost])
  }

  @Test func aMatchGameBeatsNoTablesBest() {
    var harness = playing()
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(untilPhase: .gameover)
    let newBest = harness.history.contains {
      if case .record(_, let newBest) = $0.effect { newBest } else { false }
    }
    #expect(!newBest)
    harness.send(.stored(record: 1, at: harness.now))
    #expect(harness.game.bests.isEmpty, "stored, it raises no table's best either")
  }

  @Test func aRivalLostFromSightIsShownAndComesBack() {
    var harness = playing()
    harness.send(.rivalLost("m-1", at: harness.now))
    #expect(harness.game.view.headToHead?.state == .rivalLost)
    #expect(harness.game.status.phase == .player, "the game goes on")
    harness.send(.rivalProgressed("m-1", HeadToHead.Side(rounds: 0, points: 0), at: harness.now))
    #expect(harness.game.view.headToHead?.state == .playing)
  }

  @Test func aShutdownMidMatchRecordsTheMatchGame() {
    var harness = playing()
    harness.repeatSequence()
    harness.send(.shutdown(at: harness.now))
    #expect(harness.records.last?.ending == .shutdown)
    #expect(harness.records.last?.headToHead?.match == "m-1")
    #expect(progress(harness.effects(since: 0)).last?.isIn == false)
  }

  @Test func theSameChallengeCarriedTwiceChangesNothing() {
    var harness = GameHarness()
    harness.send(.challengeOffered(challenge, at: harness.now))
    harness.advance(by: .seconds(10))
    #expect(harness.send(.challengeOffered(challenge, at: harness.now)).isEmpty)
    #expect(harness.game.view.headToHead?.state == .offered)
    let index = harness.history.count
    harness.advance(by: .seconds(20))
    #expect(answers(harness.effects(since: index)) == [.lapsed], "still its first 30 s")
  }

  @Test func theRivalGivingUpFreesAnAgreedCabinet() {
    var harness = agreed()
    let effects = harness.send(.challengeAnswered("m-1", .lapsed, at: harness.now))
    #expect(answers(effects).isEmpty, "nothing to answer back")
    #expect(harness.game.stage.kind == .idle)
    #expect(harness.litPads.isEmpty)
    #expect(harness.send(.matchStarts("m-1", at: harness.now)).isEmpty)
  }

  @Test func aShutdownWithAChallengeOpenAbandonsIt() {
    var harness = agreed()
    let effects = harness.send(.shutdown(at: harness.now))
    #expect(answers(effects) == [.abandoned])
    #expect(harness.game.view.headToHead == nil)
    #expect(harness.send(.matchStarts("m-1", at: harness.now)).isEmpty)
    #expect(harness.litPads.isEmpty)
  }

  @Test func quittingAMatchGameEndsItAndStartsAGameOfItsOwn() {
    var harness = playing()
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    let index = harness.history.count
    harness.tap(.start)
    let out = progress(harness.effects(since: index))
    #expect(out.count == 1)
    #expect(out.first?.isIn == false)
    #expect(harness.records.last?.ending == .quit)
    #expect(harness.records.last?.headToHead?.match == "m-1")
    #expect(harness.game.status.phase == .countdown)
    #expect(harness.game.match?.sharedSequence == nil, "the next game is the cabinet's own")
    #expect(harness.game.view.headToHead == nil)
  }

  @Test func anOlderMessageFromTheRivalIsIgnored() {
    var harness = playing()
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    let out = HeadToHead.Side(rounds: 3, points: 35, outAfter: .seconds(30))
    harness.send(.rivalProgressed("m-1", out, at: harness.now))
    harness.send(.rivalProgressed("m-1", HeadToHead.Side(rounds: 2, points: 22), at: harness.now))
    #expect(harness.game.view.headToHead?.rivalSide == out)
    harness.advance(untilPhase: .player)
    let index = harness.history.count
    harness.advance(untilPhase: .gameover)
    #expect(decided(harness.effects(since: index)) == [.lost], "out after 2 rounds against 3")
  }

  /// The rival still plays when the next challenge comes: its game still decides the
  /// match before.
  @Test func anEarlierMatchIsStillDecidedAfterTheNextChallenge() {
    var harness = playing()
    harness.advance(untilPhase: .gameover)
    harness.advanceWhileShowing()
    var next = challenge
    next.id = "m-2"
    harness.send(.challengeOffered(next, at: harness.now))
    #expect(harness.game.view.headToHead?.match == "m-2")
    let passed = HeadToHead.Side(rounds: 1, points: 11)
    let effects = harness.send(.rivalProgressed("m-1", passed, at: harness.now))
    #expect(effects == [.matchDecided("m-1", rival: "left", .lost)])
    #expect(harness.send(.rivalProgressed("m-1", passed, at: harness.now)).isEmpty)
  }

  /// The bridge started again, or the rival is back: the latest match's side is told again,
  /// decided or not, and an earlier one while it is undecided.
  @Test func theSidesOfUndecidedMatchesAreToldAgainWhenAsked() throws {
    var harness = playing()
    #expect(harness.send(.matchSidesAsked(at: harness.now)).isEmpty, "nothing told yet")
    let index = harness.history.count
    harness.advance(untilPhase: .gameover)
    let final = try #require(progress(harness.effects(since: index)).last)
    #expect(
      harness.send(.matchSidesAsked(at: harness.now)) == [
        .sendProgress("m-1", rival: "left", final)
      ])
    harness.send(
      .rivalProgressed(
        "m-1", HeadToHead.Side(rounds: 0, points: 0, outAfter: .seconds(1)), at: harness.now))
    #expect(
      harness.send(.matchSidesAsked(at: harness.now)) == [
        .sendProgress("m-1", rival: "left", final)
      ], "decided here: the rival may not know")
    harness.advanceWhileShowing()
    var next = challenge
    next.id = "m-2"
    harness.send(.challengeOffered(next, at: harness.now))
    #expect(harness.send(.matchSidesAsked(at: harness.now)).isEmpty, "m-1 decided, m-2 unplayed")
  }

  // MARK: The challenge page of the menu

  /// Green held 2 s more than the mode page: the cabinets the bridge told of, "nobody"
  /// first; closed on one, the challenge goes out and the pads chase.
  @Test func greenHeldTwoSecondsMoreOffersTheCabinetsToChallenge() throws {
    var harness = GameHarness()
    harness.game.challengeable = ["bar-2", "bar-3"]
    let before = harness.game.settings
    harness.press(.green)
    harness.advance(by: .seconds(2))
    #expect(harness.game.view.menu?.page == .mode)
    harness.advance(by: .seconds(2))
    #expect(harness.game.view.menu?.page == .challenge)
    #expect(harness.game.view.menu?.value == "nobody" && harness.game.view.menu?.choices == 3)
    harness.release(.green)
    harness.tap(.yellow)
    #expect(harness.game.view.menu?.value == "bar-2")
    #expect(harness.litPads == [.red], "the first cabinet is the second choice")
    // The bridge's list changes while the page is open: the choice lit stays bar-2.
    harness.game.challengeable = ["bar-0", "bar-2", "bar-3"]
    #expect(harness.game.view.menu?.value == "bar-2")
    let effects = harness.advance(by: .seconds(5))
    let sent = try #require(
      effects.lazy.compactMap { if case .sendChallenge(let c) = $0 { c } else { nil } }.first)
    #expect(sent.rival == Rival(cabinet: "bar-2", player: ""))
    #expect(harness.game.view.headToHead?.state == .sent)
    #expect(harness.game.settings == before, "no setting changed")
  }

  @Test func leftOnNobodyOrWithNoCabinetKnownNothingIsChallenged() {
    var harness = GameHarness()
    harness.game.challengeable = ["bar-2"]
    harness.press(.green)
    harness.advance(by: .seconds(4))
    #expect(harness.game.view.menu?.page == .challenge)
    harness.release(.green)
    let effects = harness.advance(by: .seconds(5))
    #expect(!effects.contains { if case .sendChallenge = $0 { true } else { false } })
    #expect(harness.game.view.headToHead == nil && harness.game.view.menu == nil)

    var alone = GameHarness()
    alone.press(.green)
    alone.advance(by: .seconds(5))
    #expect(alone.game.view.menu?.page == .mode, "no cabinet to challenge: the mode page stays")
  }

  /// simond started again after a power cut mid-match: the matches recorded without an
  /// outcome are told again when asked, and the rival's side decides them.
  @Test func matchesRecordedUndecidedAreResumedAfterARestart() {
    var harness = GameHarness()
    let side = HeadToHead.Side(rounds: 3, points: 30, outAfter: .seconds(25))
    harness.game.resumeUndecided([
      (
        HeadToHeadRecord(match: "m-7", rival: Rival(cabinet: "left", player: "ANNA"), outcome: nil),
        side
      )
    ])
    #expect(
      harness.send(.matchSidesAsked(at: harness.now)) == [
        .sendProgress("m-7", rival: "left", side)
      ])
    let effects = harness.send(
      .rivalProgressed(
        "m-7", HeadToHead.Side(rounds: 4, points: 40, outAfter: .seconds(30)), at: harness.now))
    #expect(effects == [.matchDecided("m-7", rival: "left", .lost)])
  }
}
