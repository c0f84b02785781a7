import Testing

@testable import SimonGame

@Suite("Name entry after a ranked game")
struct NamingTests {
  /// The letters of the score store's name rules, as the daemon hands them over.
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.'")

  static func entry(
    _ choices: [String] = [], alphabet: [Character] = alphabet, maximumLength: Int = 16
  ) -> NameEntry {
    NameEntry(
      game: 7, rank: 1, choices: choices, alphabet: alphabet, maximumLength: maximumLength)
  }

  /// A game that repeated its first round and timed out in the second: its razz plays.
  static func inTheRazz(_ cabinet: Cabinet = Cabinet()) -> GameHarness {
    var harness = GameHarness(cabinet: cabinet)
    harness.tap(cabinet.hasStartButton ? .start : .green)
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    #expect(harness.game.stage.kind == .script, "the razz plays")
    // The archive's answer: the game was stored as record 7.
    harness.send(.stored(record: 7, at: harness.now))
    return harness
  }

  /// The same game, its razz over: game over.
  static func atGameOver(_ cabinet: Cabinet = Cabinet()) -> GameHarness {
    var harness = inTheRazz(cabinet)
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
    return harness
  }

  /// A game at game over with name entry begun.
  static func naming(_ entry: NameEntry, cabinet: Cabinet = Cabinet()) -> GameHarness {
    var harness = atGameOver(cabinet)
    harness.send(.nameEntryAsked(entry, at: harness.now))
    #expect(harness.game.stage.kind == .naming)
    return harness
  }

  /// The names the game asked the daemon to give games.
  static func named(_ harness: GameHarness) -> [String] {
    harness.history.compactMap {
      if case .nameGame(_, let name) = $0.effect { name } else { nil }
    }
  }

  @Test func entryBeginsAtGameOverStopsTheAttractTimerAndShowsOnTheView() {
    var harness = Self.atGameOver()
    let effects = harness.send(.nameEntryAsked(Self.entry(["ANNA", "BOB"]), at: harness.now))
    #expect(
      effects == [.cancelTimer(.attract), .startTimer(.namingIdle, after: .seconds(20))])
    #expect(harness.game.status.phase == .gameover, "the simulated cabinet sees game over")
    #expect(
      harness.game.view.naming
        == NamingView(
          game: 7, rank: 1, mode: .classic, difficulty: .medium,
          points: harness.game.status.points,
          choices: ["ANNA", "BOB"], choice: 0, spelled: "", letter: nil,
          alphabet: Self.alphabet, maximumLength: 16, timeout: .seconds(20)))
  }

  @Test func redAcceptsALetterBlueTheNextLetterAndYellowIsDoneWithTheLetterIncluded() {
    var harness = Self.naming(Self.entry())
    #expect(harness.game.view.naming?.choice == nil, "no registered names: spelling at once")
    #expect(harness.game.view.naming?.letter == "A")
    #expect(
      harness.press(.red) == [
        .light(.red, on: true), .tone(.pad(.red)),
        .startTimer(.namingIdle, after: .seconds(20)),
      ])
    harness.advance(by: .milliseconds(150))
    #expect(harness.release(.red) == [.light(.red, on: false), .silence])
    #expect(harness.game.view.naming?.spelled == "A")
    #expect(harness.game.view.naming?.letter == "A", "a new position starts at A")
    harness.tap(.blue)
    #expect(harness.game.view.naming?.letter == "B")
    #expect(
      harness.press(.yellow) == [
        .light(.yellow, on: true), .tone(.pad(.yellow)), .cancelTimer(.namingIdle),
        .nameGame(7, name: "AB"), .startTimer(.step, after: .milliseconds(120)),
      ])
    #expect(harness.game.view.naming == nil)
    harness.release(.yellow)
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.litPads.isEmpty)
    #expect(harness.sounding == nil)
    #expect(harness.timers.deadline(of: .attract) == harness.now + .seconds(60))
    #expect(Self.named(harness) == ["AB"])
  }

  @Test func greenWalksBackAndTheLetterWrapsRoundTheAlphabet() {
    var harness = Self.naming(Self.entry())
    harness.tap(.green)
    #expect(harness.game.view.naming?.letter == "'")
    harness.tap(.blue)
    harness.tap(.blue)
    #expect(harness.game.view.naming?.letter == "B")
  }

  @Test func registeredNamesComeFirstThenNewName() {
    var harness = Self.naming(Self.entry(["ANNA", "BOB"]))
    harness.tap(.blue)
    #expect(harness.game.view.naming?.choice == 1)
    harness.tap(.blue)
    #expect(harness.game.view.naming?.choice == 2, "the last choice: new name")
    harness.tap(.blue)
    #expect(harness.game.view.naming?.choice == 0, "wraps round")
    harness.tap(.green)
    #expect(harness.game.view.naming?.choice == 2)
    harness.tap(.green)
    let effects = harness.tap(.red)
    #expect(effects.contains(.nameGame(7, name: "BOB")))
    #expect(Self.named(harness) == ["BOB"])
  }

  @Test func yellowOnARegisteredNameTakesItToo() {
    var harness = Self.naming(Self.entry(["ANNA", "BOB"]))
    harness.tap(.yellow)
    #expect(Self.named(harness) == ["ANNA"])
  }

  @Test func redOnNewNameBeginsSpelling() {
    var harness = Self.naming(Self.entry(["ANNA"]))
    harness.tap(.blue)
    harness.tap(.red)
    #expect(harness.game.view.naming?.choice == nil)
    #expect(harness.game.view.naming?.spelled == "")
    #expect(harness.game.view.naming?.letter == "A")
    for _ in 0..<25 { harness.tap(.blue) }
    harness.tap(.yellow)
    #expect(Self.named(harness) == ["Z"])
  }

  @Test func doneOnNewNameKeepsTheGameAsItIs() {
    var harness = Self.naming(Self.entry(["ANNA"]))
    harness.tap(.blue)
    let effects = harness.press(.yellow)
    #expect(
      effects == [
        .light(.yellow, on: true), .tone(.pad(.yellow)), .cancelTimer(.namingIdle),
        .startTimer(.step, after: .milliseconds(120)),
      ])
    #expect(
      harness.advance(by: .milliseconds(120)) == [
        .light(.yellow, on: false), .silence, .startTimer(.attract, after: .seconds(60)),
      ], "the press shows for its minimum, then game over, no flashes")
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.release(.yellow).isEmpty)
    #expect(Self.named(harness).isEmpty)
  }

  @Test func aNameLeftBlankKeepsTheGameAndSpacesAtEitherEndAreDropped() {
    var blank = Self.naming(Self.entry(alphabet: [" ", "A"]))
    blank.tap(.red)
    blank.tap(.yellow)
    #expect(Self.named(blank).isEmpty)
    #expect(blank.game.stage.kind == .gameOver)

    var padded = Self.naming(Self.entry(alphabet: [" ", "A"]))
    padded.tap(.red)
    padded.tap(.blue)
    padded.tap(.red)
    padded.tap(.red)
    padded.tap(.red)
    padded.tap(.blue)
    padded.tap(.red)
    padded.tap(.yellow)
    #expect(Self.named(padded) == ["A  A"], "spaces inside stay")
  }

  @Test func acceptingTheLastPositionTheLengthAllowsEndsEntry() {
    var harness = Self.naming(Self.entry(maximumLength: 3))
    harness.tap(.red)
    harness.tap(.blue)
    harness.tap(.red)
    #expect(harness.game.stage.kind == .naming)
    harness.tap(.red)
    #expect(Self.named(harness) == ["ABA"])
    #expect(harness.game.stage.kind != .naming)
  }

  @Test func twentyQuietSecondsEndEntryKeepingTheGameAndEachPressRestartsThem() {
    var harness = Self.naming(Self.entry(["ANNA"]))
    harness.advance(by: .seconds(15))
    harness.tap(.blue)
    harness.advance(by: .milliseconds(19_849))
    #expect(harness.game.stage.kind == .naming, "20 s from the last press, not from the first")
    let effects = harness.advance(by: .milliseconds(1))
    #expect(effects == [.cancelTimer(.namingIdle), .startTimer(.attract, after: .seconds(60))])
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.game.view.naming == nil)
    #expect(Self.named(harness).isEmpty)
    harness.tap(.green)
    #expect(harness.game.status.phase == .countdown, "the next press starts a game")
  }

  @Test func theAttractAnimationWaitsWhileEntryRuns() {
    var harness = Self.naming(Self.entry())
    for _ in 0..<8 {
      harness.advance(by: .seconds(10))
      harness.tap(.blue)
    }
    #expect(harness.game.stage.kind == .naming)
    #expect(harness.game.status.phase == .gameover)
  }

  @Test func askedDuringTheRazzEntryBeginsWhenItEnds() {
    var harness = Self.inTheRazz()
    #expect(harness.send(.nameEntryAsked(Self.entry(), at: harness.now)).isEmpty)
    #expect(harness.game.view.naming == nil)
    let mark = harness.history.count
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .naming)
    #expect(!harness.effects(since: mark).contains(.startTimer(.attract, after: .seconds(60))))
    #expect(harness.game.view.naming?.letter == "A")
    harness.tap(.yellow)
    #expect(Self.named(harness) == ["A"])
  }

  @Test func outsideGameOverEntryIsRefusedNamingWhy() {
    var idle = GameHarness()
    #expect(
      idle.game.nameEntryRefusal(for: Self.entry()) == .notTheLastGame(7),
      "no game has ended: record 7 is not the one just played")
    #expect(idle.send(.nameEntryAsked(Self.entry(), at: idle.now)).isEmpty)
    #expect(idle.game.stage.kind == .idle)

    var playing = Self.atGameOver()
    playing.tap(.green)
    #expect(playing.game.nameEntryRefusal(for: Self.entry()) == .newGameBegun)

    var asked = Self.naming(Self.entry())
    #expect(asked.game.nameEntryRefusal(for: Self.entry()) == .alreadyAsked(7))
    asked.advance(by: .seconds(20))
    #expect(
      asked.game.nameEntryRefusal(for: Self.entry()) == .alreadyAsked(7),
      "once per game, however it ended")

    var attract = Self.atGameOver()
    attract.advance(by: .seconds(60))
    #expect(attract.game.nameEntryRefusal(for: Self.entry()) == .notAtGameOver(.attract))
    #expect(
      NameEntryRefusal.notAtGameOver(.attract).description
        == "the cabinet is at attract, not at game over; names are entered right after a game, before anything else"
    )
  }

  @Test func withoutARequestGameOverIsAsItWas() {
    var harness = Self.atGameOver()
    harness.advance(by: .seconds(30))
    harness.tap(.blue)
    #expect(harness.game.status.phase == .countdown)
  }

  @Test func startLastAndLongestDoNothingDuringEntry() {
    var harness = Self.naming(Self.entry(), cabinet: Cabinet(hasStartButton: true))
    #expect(harness.press(.start).isEmpty)
    #expect(harness.press(.last).isEmpty)
    #expect(harness.press(.longest).isEmpty)
    #expect(harness.game.stage.kind == .naming)
  }

  @Test func theJoystickAnswersForThePadsAsInDirectionalPlay() {
    var harness = Self.naming(Self.entry(["ANNA"]), cabinet: Cabinet(hasJoystick: true))
    #expect(
      harness.press(.down) == [
        .light(.blue, on: true), .tone(.pad(.blue)),
        .startTimer(.namingIdle, after: .seconds(20)),
      ])
    harness.advance(by: .milliseconds(150))
    harness.release(.down)
    #expect(harness.litPads.isEmpty)
    harness.tap(.right)
    #expect(harness.game.view.naming?.letter == "A", "right is next: spelling begins")
    harness.tap(.down)
    harness.tap(.down)
    harness.tap(.up)
    harness.tap(.right)
    harness.tap(.left)
    #expect(Self.named(harness) == ["BA"])
  }

  @Test func aShutdownDuringEntryJustEndsIt() {
    var harness = Self.naming(Self.entry())
    harness.press(.blue)
    harness.send(.shutdown(at: harness.now))
    #expect(harness.game.stage.kind == .stopped)
    #expect(harness.game.view.naming == nil)
    #expect(harness.records.count == 1, "the game was recorded once, when it ended")
    #expect(harness.litPads.isEmpty)
    #expect(harness.timers.deadline(of: .namingIdle) == nil)
    #expect(Self.named(harness).isEmpty)
  }

  @Test func aGameNamedElsewhereEndsEntryAtOnceAndTheNextPressStartsAGame() {
    var harness = Self.naming(Self.entry(["ANNA", "BOB"]))
    harness.tap(.blue)
    let effects = harness.send(.namedElsewhere(game: 7, at: harness.now))
    #expect(effects.contains(.cancelTimer(.namingIdle)))
    #expect(harness.game.view.naming == nil, "no screen asks for a name any more")
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.litPads.isEmpty, "the flash is over")
    #expect(Self.named(harness).isEmpty, "the game has its name already")
    harness.tap(.blue)
    #expect(harness.game.stage.kind != .gameOver, "a press at game over starts a new game")
    #expect(harness.game.view.naming == nil)
  }

  @Test func aGameNamedElsewhereDuringTheRazzNeverBeginsEntry() {
    var harness = Self.inTheRazz()
    harness.send(.nameEntryAsked(Self.entry(), at: harness.now))
    harness.send(.namedElsewhere(game: 7, at: harness.now))
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.game.view.naming == nil)
    #expect(harness.timers.deadline(of: .attract) != nil, "game over as without entry")
  }

  @Test func anotherGameNamedElsewhereLeavesEntryRunning() {
    var harness = Self.naming(Self.entry())
    #expect(harness.send(.namedElsewhere(game: 6, at: harness.now)).isEmpty)
    #expect(harness.game.stage.kind == .naming)
  }

  @Test func aGameThatRepeatedNoRoundIsNotOfferedAName() {
    var harness = GameHarness()
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    harness.advanceWhileShowing()
    harness.send(.stored(record: 7, at: harness.now))
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.game.nameEntryRefusal(for: Self.entry()) == .notWorthNaming(7))
    harness.send(.nameEntryAsked(Self.entry(), at: harness.now))
    #expect(harness.game.view.naming == nil)
    harness.tap(.blue)
    #expect(harness.game.stage.kind != .gameOver, "the next press starts a game at once")
  }
}
