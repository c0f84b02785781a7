import Testing

@testable import SimonGame

@Suite("Rosters, teams and the cabinet's view")
struct RosterAndViewTests {
  static var coopForThree: Settings {
    var settings = Settings.defaults
    settings.mode = .coop
    settings.players = 3
    return settings
  }

  @Test func eachCodeAtTheCabinetTakesTheNextSeatAndThePadsBlinkItsNumber() {
    var harness = GameHarness(settings: Self.coopForThree)
    for (seat, name) in ["Ann", "Bob", "Cy"].enumerated() {
      _ = SignInTests.enterCode([.red, .red, .red, .red], in: &harness)
      let mark = harness.history.count
      harness.send(.signedIn(name, at: harness.now))
      harness.advanceWhileShowing()
      let blinks = harness.history[mark...].filter { $0.effect == .light(.green, on: true) }
      #expect(blinks.count == seat + 1, "seat \(seat + 1) blinks \(seat + 1) times")
    }
    #expect(harness.game.cabinet.playerNames == ["Ann", "Bob", "Cy"])
    #expect(harness.game.view.players == ["Ann", "Bob", "Cy"])
    // A player already seated keeps their seat; a fourth code starts a new roster.
    harness.send(.signedIn("Bob", at: harness.now))
    harness.advanceWhileShowing()
    #expect(harness.game.cabinet.playerNames == ["Ann", "Bob", "Cy"])
    harness.send(.signedIn("Dee", at: harness.now))
    harness.advanceWhileShowing()
    #expect(harness.game.cabinet.playerNames == ["Dee"])
    #expect(harness.game.view.players == ["Dee", "Player 2", "Player 3"])
  }

  @Test func theTeamAndRosterGoInTheRecordAndTheViewNamesWhoseTurnItIs() {
    var harness = GameHarness(settings: Self.coopForThree)
    harness.game.cabinet.playerNames = ["Ann", "Bob"]
    harness.game.cabinet.teamName = "Owls"
    harness.tap(.green)
    #expect(harness.game.view.countdown == 3)
    harness.advance(by: .seconds(1))
    #expect(harness.game.view.countdown == 2)
    harness.advance(untilPhase: .player)
    #expect(harness.game.view.turn == 0)
    #expect(harness.game.view.turnName == "Ann")
    #expect(harness.game.view.team == "Owls")
    #expect(harness.game.view.countdown == nil)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    #expect(harness.game.view.turnName == "Bob")
    harness.advance(by: .seconds(3))
    #expect(harness.records.map(\.name) == ["Owls"])
    #expect(harness.records.first?.members == ["Ann", "Bob", "Player 3"])
    // Idle long enough for the attract animation: everyone has walked away.
    harness.advanceWhileShowing()
    harness.advance(by: .seconds(61))
    #expect(harness.game.cabinet.playerNames.isEmpty)
    #expect(harness.game.cabinet.teamName == Cabinet.defaultTeamName)
  }

  @Test func theViewShowsTheMenuAndItsLitChoice() {
    var harness = GameHarness()
    harness.press(.red)
    harness.advance(by: .seconds(2))
    #expect(
      harness.game.view.menu == MenuView(page: .difficulty, choice: 1, value: "medium", choices: 3))
    harness.release(.red)
    harness.tap(.blue)
    #expect(harness.game.view.menu?.value == "hard")
  }

  @Test func aRosterLargerThanTheModeTakesIsRefusedWithItsRule() {
    #expect(Settings.defaults.rosterProblem(count: 1) == nil)
    #expect(
      Settings.defaults.rosterProblem(count: 2) == "classic is played by one player; 2 were given")
    #expect(
      Self.coopForThree.rosterProblem(count: 4)
        == "coop is set for 3 players (players = 3); 4 were given")
  }
}

@Suite("One rule for rank and new best")
struct RankingTests {
  @Test func morePointsThenMoreRoundsRankHigherAndEqualsStay() {
    let best = Standing(points: 15, rounds: 1)
    #expect(Ranking.ranks(Standing(points: 16, rounds: 0), above: best))
    #expect(Ranking.ranks(Standing(points: 15, rounds: 2), above: best))
    #expect(!Ranking.ranks(best, above: best))
    #expect(!Ranking.isNewBest(Standing(points: 0, rounds: 3), over: nil))
    #expect(Ranking.isNewBest(Standing(points: 5, rounds: 1), over: nil))
    #expect(!Ranking.isNewBest(best, over: best))
  }

  @Test func asManyPointsInMoreRoundsIsCelebratedAsANewBest() {
    let key = TableKey(mode: .classic, difficulty: .medium)
    var harness = GameHarness()
    harness.game.bests = [key: Standing(points: 15, rounds: 0)]
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    guard
      case .record(let result, let newBest)? = harness.history.last(where: {
        if case .record = $0.effect { true } else { false }
      })?.effect
    else {
      Issue.record("no record")
      return
    }
    #expect(result.standing == Standing(points: 15, rounds: 1))
    #expect(newBest)
    let mark = harness.history.count
    harness.advanceWhileShowing()
    #expect(harness.history[mark...].contains { $0.effect == .tone(.fanfare(0)) })
  }
}
