import SimonControl
import SimonGame
import SimonScores
import SimonStateFiles
import SimonTerminal
import Testing

@Suite("What the terminal shows from the control socket")
struct PlayScreenControlTests {
  private let blank = PlayScreen(source: "x", arrows: .pads)

  @Test func theModeLineSaysModeDifficultyLevelAndWhoPlays() {
    let expected: [(CabinetView, String)] = [
      (cabinetView(), "classic · medium · nobody signed in"),
      (cabinetView(players: ["Ann"], signedIn: ["Ann"]), "classic · medium · Ann signed in"),
      (
        cabinetView(.player, mode: .levels, difficulty: .hard, level: 2, round: 12),
        "levels · hard · level 2 · nobody signed in"
      ),
      (
        cabinetView(
          .player, mode: .coop, difficulty: .easy, players: ["Ann", "Bob", "Player 3"], turn: 1,
          signedIn: ["Ann", "Bob"], team: "Owls"),
        "coop · easy · team Owls: Ann, ▸Bob, Player 3"
      ),
      (
        cabinetView(
          .player, mode: .playerAdds, players: ["Ann", "Bob", "Cy"], turn: 2, out: [0]),
        "player-adds · medium · Ann (out), Bob, ▸Cy"
      ),
    ]
    for (view, line) in expected {
      #expect(blank.following(view).line(1) == line)
    }
  }

  @Test func theStateLineSaysWhoseTurnByName() {
    let coop = ["Ann", "Bob"]
    let expected: [(CabinetView, String)] = [
      (cabinetView(.countdown, countdown: 2), "Countdown · 2 · get ready"),
      (
        cabinetView(.simon, round: 4, points: 30),
        "Simon plays · round 4 · 30 points · watch and listen"
      ),
      (
        cabinetView(.simon, mode: .coop, round: 4, points: 30, players: coop, turn: 1),
        "Simon plays · round 4 · 30 points · Bob is next"
      ),
      (
        {
          var replay = cabinetView(.simon, round: 4)
          replay.replay = .last
          return replay
        }(),
        "Replay of the last game's sequence · 4 signals · watch and listen"
      ),
      (
        cabinetView(.player, mode: .coop, round: 4, points: 30, players: coop, turn: 1),
        "Bob's turn · round 4 · 30 points · repeat the sequence"
      ),
      (
        cabinetView(.player, mode: .playerAdds, round: 2, points: 10, players: coop, turn: 0),
        "Ann's turn · round 2 · 10 points · repeat it, then add a pad"
      ),
      (cabinetView(.attract), "Attract · press anything to wake it"),
    ]
    for (view, line) in expected {
      #expect(blank.following(view).line(13) == line)
    }
  }

  @Test func aLevelUpShowsUntilTheNextRound() {
    var screen = blank.following(cabinetView(.player, mode: .levels, level: 1, round: 10))
    screen.control.apply(
      .state(cabinetView(.simon, mode: .levels, level: 2, round: 10, points: 100), t: 1))
    #expect(screen.line(13) == "Level up! Level 2 · round 10 · 100 points")
    #expect(screen.line(1) == "levels · medium · level 2 · nobody signed in")
    screen.control.apply(
      .state(cabinetView(.simon, mode: .levels, level: 2, round: 11, points: 100), t: 2))
    #expect(screen.line(13) == "Simon plays · round 11 · 100 points · watch and listen")
  }

  @Test func aWinAndANewBestAreCelebratedAndTheRankShown() {
    var screen = blank.following(cabinetView(.player, round: 8, points: 95))
    screen.control.apply(.state(cabinetView(.gameover, round: 8, points: 95), t: 1))
    #expect(screen.line(13) == "Game over · 8 rounds · 95 points · tap a pad to play again")
    let won = record(id: 5, points: 95, rounds: 8, ending: .win)
    screen.control.apply(.gameOver(gameOver(won, rank: 1, newBest: true), t: 2))
    #expect(
      screen.line(13)
        == "You win! · new best! · 8 rounds · 95 points · tap a pad to play again")
    #expect(screen.line(15) == "Last game: Player · 95 points · 8 rounds · win · rank 1 · new best")
    // The next game's countdown: the last game is no longer the one just ended.
    screen.control.apply(.state(cabinetView(.countdown, countdown: 3), t: 3))
    screen.control.apply(.state(cabinetView(.gameover), t: 4))
    #expect(screen.line(13) == "Game over · 0 rounds · 0 points · tap a pad to play again")
  }

  @Test func theLastGameLineSaysTheMedianReactionAndAQuit() {
    var screen = blank.following(cabinetView(.countdown, countdown: 3))
    var quit = record(id: 6, points: 20, rounds: 2, ending: .quit)
    quit.result.reactions = [[.milliseconds(480)], [.milliseconds(390), .milliseconds(410)]]
    screen.control.apply(.gameOver(gameOver(quit, rank: 4), t: 1))
    #expect(
      screen.line(15)
        == "Last game: Player · 20 points · 2 rounds · quit · rank 4 · reaction 410 ms")
  }

  @Test func aPlayerAddsWinnerIsNamedAndAnUnstoredGameSaysSo() {
    var screen = blank.following(
      cabinetView(.gameover, mode: .playerAdds, round: 6, points: 0, players: ["Ann", "Bob"]))
    let won = record(id: 0, points: 0, rounds: 6, name: "Bob", mode: .playerAdds, ending: .win)
    screen.control.apply(.gameOver(gameOver(won, stored: false, rank: nil), t: 1))
    #expect(screen.line(13).hasPrefix("Bob wins! · 6 rounds"))
    #expect(screen.line(15) == "Last game: Bob · 0 points · 6 rounds · win · not stored yet")
  }

  @Test func theOpenMenuShowsItsPageAndLitChoice() {
    let menu = MenuView(page: .mode, choice: 2, value: "coop", choices: 4)
    let screen = blank.following(cabinetView(.idle, menu: menu), lit: [.yellow])
    #expect(screen.line(13) == "Settings · mode: coop (3 of 4) · a pad: next choice")
    #expect(screen.line(16) == "5 s without a press keeps the lit choice; s keeps it at once.")
    #expect(screen.line(10).contains("█ YELLOW"))
  }

  @Test func theCodeBeingEnteredShowsAsDots() {
    let screen = blank.following(cabinetView(.idle, codeEntered: 2))
    #expect(screen.line(13) == "Sign in · code ●●○○ · press your 4 pads")
    #expect(screen.line(16) == "5 s without a press gives up.")
  }

  @Test func theTopTenTakesThePadsPlace() {
    var screen = blank.following(cabinetView())
    screen.topTen = TopTen(table: TableKey(mode: .classic, difficulty: .hard))
    #expect(screen.line(1) == "Top ten · classic · hard   (t or Esc closes)")
    #expect(screen.line(2) == " #  name              points  rounds  date")
    #expect(screen.line(3) == "reading the scores…")
    screen.topTen?.records = []
    #expect(screen.line(3) == "no games yet")
    let first = record(id: 1, points: 120, rounds: 12, name: "Ann")
    let second = record(id: 2, points: 5, rounds: 1, name: "Bob\u{1B}")
    screen.topTen?.records = [first, second]
    #expect(
      screen.line(3) == " 1  Ann                  120      12  " + Timestamps.localMinute(time(3)))
    #expect(
      screen.line(4) == " 2  Bob?                   5       1  " + Timestamps.localMinute(time(5)))
    #expect(screen.line(5) == "")
    #expect(screen.line(13) == "Idle · press a pad or s to start")
    screen.topTen?.problem = "cannot read the scores in /x: busy"
    #expect(screen.line(3) == "cannot read the scores in /x: busy")
  }

  @Test func theNameEntryAsksForANameAndShowsWhyOneWasRefused() {
    var screen = blank.following(cabinetView(.gameover, round: 3, points: 30))
    screen.nameEntry = NameEntry(gameOver(record(id: 4, points: 30, rounds: 3), rank: 3))
    screen.nameEntry?.type("D")
    screen.nameEntry?.type("e")
    let lines = screen.render(width: 60, height: 20, colors: false)
    #expect(
      Array(lines[2...8]) == [
        "  ",
        "  Top ten! Your game is #3 in classic · medium (30 points).",
        "  Type a name for it: letters, digits, spaces, - _ . '",
        "  ",
        "      Name: De_",
        "  ",
        "  ",
      ])
    #expect(lines[17] == "  type a name   Backspace erases   Enter keeps it")
    screen.nameEntry?.problem =
      "simond refused it: game 4 is not in its table's top ten; only a ranked game can be named afterwards"
    #expect(
      Array(screen.render(width: 60, height: 20, colors: false)[8...9]) == [
        "  simond refused it: game 4 is not in its table's top ten;",
        "  only a ranked game can be named afterwards",
      ])
    screen.nameEntry?.waiting = true
    #expect(screen.line(6) == "    Name: De")
    #expect(screen.line(8) == "Sending it to simond…")
  }

  @Test func theMenuQuestionAndANoticeTakeTheMessageLine() {
    var screen = blank.following(cabinetView())
    screen.askingMenuPad = true
    #expect(screen.line(16) == "Hold which pad? 1 mode · 2 difficulty · 3 players · 4 sound")
    screen.notice = "i works between games only: a game is on."
    #expect(screen.line(16) == "i works between games only: a game is on.")
  }

  @Test func theLampsFollowTheControlSocketWhileItIsHeard() {
    var screen = blank.following(cabinetView(), lit: [.blue])
    screen.cabinet.apply(.led(.red, on: true, t: 1))
    #expect(screen.line(10).contains("█ BLUE"))
    #expect(!screen.line(4).contains("█ RED"))
    screen.control.lose("simond closed the control socket /tmp/c.sock")
    #expect(screen.line(4).contains("█ RED"))
    #expect(!screen.line(10).contains("█ BLUE"))
  }

  /// The day's challenge: named below the last game while its game is on; its game over
  /// gives its place of the day.
  @Test func theDaysChallengeIsNamedAndItsPlaceIsOfTheDay() {
    var view = cabinetView(.player, round: 3, points: 30)
    view.daily = "2026-11-29"
    var screen = blank.following(view)
    #expect(screen.line(16) == "The day's challenge · 2026-11-29")
    var game = record(id: 1, points: 20, rounds: 2)
    game.result.daily = "2026-11-29"
    screen.control.apply(.gameOver(gameOver(game, stored: false, rank: 2), t: 1))
    #expect(
      screen.line(15)
        == "Last game: Player · 20 points · 2 rounds · mistake · #2 of the day")
    screen.control.apply(.gameOver(gameOver(game, stored: false, rank: nil), t: 2))
    #expect(
      screen.line(15) == "Last game: Player · 20 points · 2 rounds · mistake · the day's challenge")
  }

  /// A match: the challenge on the state line, then the rival, live, on the line below the
  /// last game, then who won.
  @Test func aMatchShowsTheChallengeThenTheRivalLive() {
    let rival = Rival(cabinet: "bar-1", player: "ANNA")
    func match(
      _ state: HeadToHeadView.State, _ side: HeadToHead.Side? = nil,
      _ outcome: HeadToHead.Outcome? = nil, phase: Phase = .idle
    ) -> PlayScreen {
      var view = cabinetView(phase, round: 3, points: 30)
      view.headToHead = HeadToHeadView(
        match: "m1", rival: rival, state: state, rivalSide: side, outcome: outcome)
      return blank.following(view)
    }
    #expect(
      match(.offered).line(13) == "Challenge from ANNA at bar-1 · press a pad to accept (30 s)")
    #expect(
      match(.sent).line(13) == "Challenge sent to bar-1 · waiting for a player there")
    #expect(match(.agreed).line(13) == "Match against ANNA at bar-1 · get ready")
    let playing = match(.playing, HeadToHead.Side(rounds: 2, points: 20), phase: .player)
    #expect(playing.line(13) == "Your turn · round 3 · 30 points · repeat the sequence")
    #expect(playing.line(16) == "Rival ANNA at bar-1: round 3, still in")
    let out = HeadToHead.Side(rounds: 1, points: 10, outAfter: .seconds(9))
    #expect(
      match(.playing, out, phase: .player).line(16) == "Rival ANNA at bar-1: out after 1 round")
    #expect(
      match(.rivalLost, phase: .player).line(16)
        == "Rival ANNA at bar-1: out of sight, your game goes on")
    #expect(match(.playing, out, .won, phase: .player).line(16) == "You beat ANNA at bar-1!")
    #expect(match(.playing, out, .lost, phase: .gameover).line(16) == "ANNA at bar-1 won")
  }
}
