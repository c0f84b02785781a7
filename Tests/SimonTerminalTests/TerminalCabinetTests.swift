import SimonControl
import SimonGame
import SimonScores
import SimonTerminal
import Testing

@Suite("The terminal cabinet's keys, gestures and panels")
struct TerminalCabinetTests {
  typealias Effect = TerminalCabinet.Effect

  /// A terminal cabinet following a control socket that shows `view`.
  private func cabinet(_ view: CabinetView = cabinetView(.idle)) -> TerminalCabinet {
    var cabinet = TerminalCabinet(screen: PlayScreen(source: "x", arrows: .pads))
    #expect(cabinet.handle(.control(.connected(simHello, snapshot(view)))) == [])
    return cabinet
  }

  /// The generation of the last `timer` an effect list starts.
  private func generation(_ timer: TerminalCabinet.Timer, in effects: [Effect]) -> UInt64? {
    effects.reversed().lazy.compactMap {
      if case .startTimer(timer, _, let generation) = $0 { generation } else { nil }
    }.first
  }

  private let classicMedium = TableKey(mode: .classic, difficulty: .medium)

  /// A game over heard while the cabinet is dark and silent, and the quiet that ends its
  /// show run out: what opening the name entry did.
  private func gameEnds(_ over: ControlGameOver, on cabinet: inout TerminalCabinet) -> [Effect] {
    let waiting = cabinet.handle(.control(.message(.gameOver(over, t: 1))))
    guard let quiet = generation(.nameEntryOpens, in: waiting) else { return waiting }
    #expect(
      waiting == [
        .startTimer(.nameEntryOpens, after: TerminalCabinet.quietAfterShow, generation: quiet)
      ])
    return cabinet.handle(.timerFired(.nameEntryOpens, generation: quiet))
  }

  @Test func aTapPressesAndItsTimerReleases() {
    var cabinet = cabinet()
    #expect(
      cabinet.handle(.keys(Array("1".utf8)))
        == [.send(.press(.green)), .startTimer(.release, after: HeldInput.holdTime, generation: 1)])
    #expect(cabinet.screen.held == [.green])
    #expect(cabinet.handle(.timerFired(.release, generation: 1)) == [.send(.release(.green))])
    #expect(cabinet.handle(.timerFired(.release, generation: 1)) == [])
    #expect(cabinet.screen.held.isEmpty)
  }

  @Test func theMenuKeyHoldsThePadChosenForTheGamesHoldTime() {
    #expect(TerminalCabinet.menuHold == Timings.menuHold + HeldInput.gestureMargin)
    var cabinet = cabinet()
    #expect(cabinet.handle(.keys(Array("m".utf8))) == [])
    #expect(cabinet.screen.askingMenuPad)
    #expect(
      cabinet.handle(.keys(Array("2".utf8)))
        == [
          .send(.press(.red)),
          .startTimer(.release, after: TerminalCabinet.menuHold, generation: 1),
        ])
    #expect(!cabinet.screen.askingMenuPad)
    // While the gesture holds, other pads wait: a release now would start a game.
    #expect(cabinet.handle(.keys(Array("3".utf8))) == [])
    #expect(cabinet.screen.notice?.hasPrefix("Holding red for the cabinet") == true)
    #expect(cabinet.handle(.timerFired(.release, generation: 1)) == [.send(.release(.red))])
    #expect(cabinet.handle(.keys(Array("3".utf8))).first == .send(.press(.yellow)))
  }

  @Test func theMenuKeyThenAnotherKeyOrEscapeHoldsNothing() {
    var cabinet = cabinet()
    _ = cabinet.handle(.keys(Array("m".utf8)))
    #expect(cabinet.handle(.keys(Array("x".utf8))) == [])
    #expect(!cabinet.screen.askingMenuPad)
    _ = cabinet.handle(.keys(Array("m".utf8)))
    let escape = cabinet.handle(.keys([0x1B]))
    #expect(escape == [.startTimer(.escape, after: KeyDecoder.escapeWait, generation: 1)])
    #expect(cabinet.handle(.timerFired(.escape, generation: 1)) == [])
    #expect(!cabinet.screen.askingMenuPad)
  }

  @Test func theSignInKeyHoldsTwoPadsTogether() {
    var cabinet = cabinet()
    #expect(
      cabinet.handle(.keys(Array("i".utf8)))
        == [
          .send(.press(.green)), .send(.press(.red)),
          .startTimer(.release, after: Timings.signInHold + HeldInput.gestureMargin, generation: 1),
        ])
    #expect(cabinet.screen.held == [.green, .red])
    #expect(
      cabinet.handle(.timerFired(.release, generation: 1))
        == [.send(.release(.green)), .send(.release(.red))])
  }

  @Test func gesturesStartAtIdleOrGameOverOnly() {
    let refusals: [(CabinetView, String)] = [
      (cabinetView(.player, round: 2), "a game is on"),
      (cabinetView(.attract), "wake the cabinet first (press a pad)"),
      (
        cabinetView(.idle, menu: MenuView(page: .sound, choice: 0, value: "off", choices: 5)),
        "the menu is open"
      ),
      (cabinetView(.idle, codeEntered: 1), "a sign-in is under way"),
    ]
    for (view, reason) in refusals {
      var cabinet = cabinet(view)
      #expect(cabinet.handle(.keys(Array("i".utf8))) == [])
      #expect(cabinet.screen.notice == "i works between games only: \(reason).")
      #expect(cabinet.handle(.keys(Array("m".utf8))) == [])
      #expect(cabinet.screen.notice == "m works between games only: \(reason).")
      #expect(!cabinet.screen.askingMenuPad)
    }
    var unheard = TerminalCabinet(screen: PlayScreen(source: "x", arrows: .pads))
    #expect(unheard.handle(.keys(Array("i".utf8))) == [])
    #expect(
      unheard.screen.notice?.hasSuffix("simond has not said what the cabinet does yet.") == true)
    // Without the control socket, the simulated cabinet's state says idle.
    _ = unheard.handle(.cabinet(.state(Status(phase: .idle, round: 0, points: 0), t: 1)))
    #expect(unheard.handle(.keys(Array("i".utf8))).count == 3)
    // At game over the pads do what they do at idle: no waiting for the light animation.
    var over = cabinet(cabinetView(.gameover))
    #expect(over.handle(.keys(Array("i".utf8))).count == 3)
    over = cabinet(cabinetView(.gameover))
    _ = over.handle(.keys(Array("m".utf8)))
    #expect(over.screen.askingMenuPad)
  }

  @Test func theTopTenOfTheTableInForceIsReadShownAndClosed() {
    var cabinet = cabinet()
    #expect(
      cabinet.handle(.keys(Array("t".utf8)))
        == [.loadTopTen(classicMedium)])
    #expect(cabinet.screen.topTen == TopTen(table: classicMedium))
    let games = [record(id: 1, points: 50, rounds: 5, name: "Ann")]
    // An answer for another table (read before the settings changed) is not shown.
    let hard = TableKey(mode: .classic, difficulty: .hard)
    #expect(cabinet.handle(.topTen(hard, .records(games))) == [])
    #expect(cabinet.screen.topTen?.records == nil)
    #expect(cabinet.handle(.topTen(classicMedium, .records(games))) == [])
    #expect(cabinet.screen.topTen?.records == games)
    // The scores changed, or the table in force did: read it again (and the latest game).
    #expect(
      cabinet.handle(.control(.message(.scoresChanged("named", t: 1))))
        == [.loadTopTen(classicMedium), .loadLatestGame])
    #expect(
      cabinet.handle(.control(.message(.state(cabinetView(difficulty: .hard), t: 2))))
        == [.loadTopTen(hard)])
    #expect(cabinet.handle(.control(.message(.state(cabinetView(difficulty: .hard), t: 3)))) == [])
    #expect(cabinet.handle(.keys(Array("t".utf8))) == [])
    #expect(cabinet.screen.topTen == nil)
    _ = cabinet.handle(.keys(Array("t".utf8)))
    _ = cabinet.handle(.topTen(hard, .failed("cannot read the scores in /x: busy")))
    #expect(cabinet.screen.topTen?.problem == "cannot read the scores in /x: busy")
    let escape = cabinet.handle(.keys([0x1B]))
    #expect(
      cabinet.handle(.timerFired(.escape, generation: generation(.escape, in: escape)!)) == [])
    #expect(cabinet.screen.topTen == nil)
  }

  @Test func theTopTenNeedsTheControlSocket() {
    var cabinet = TerminalCabinet(screen: PlayScreen(source: "x", arrows: .pads))
    #expect(cabinet.handle(.keys(Array("t".utf8))) == [])
    #expect(
      cabinet.screen.notice
        == "The top ten needs simond's control socket: simond tells it.")
  }

  @Test func aRankedGameIsNamedWithTypedLetters() {
    var cabinet = cabinet(cabinetView(.gameover, round: 4, points: 40))
    let over = gameOver(record(id: 12, points: 40, rounds: 4), rank: 3)
    let opened = gameEnds(over, on: &cabinet)
    #expect(opened == [.startTimer(.nameEntry, after: NameEntry.timeout, generation: 2)])
    #expect(cabinet.screen.nameEntry?.game == 12)
    // Every key is a letter now: 1 is no pad, q does not quit.
    for (index, key) in ["D", "1", "\u{7F}", "e", "q", "\u{7F}", "e"].enumerated() {
      #expect(
        cabinet.handle(.keys(Array(key.utf8)))
          == [.startTimer(.nameEntry, after: NameEntry.timeout, generation: UInt64(index + 3))])
    }
    #expect(cabinet.screen.nameEntry?.text == "Dee")
    #expect(
      cabinet.handle(.keys([13]))
        == [
          .nameGame(id: 12, name: "Dee"),
          .startTimer(.nameEntry, after: NameEntry.timeout, generation: 10),
        ])
    #expect(cabinet.screen.nameEntry?.waiting == true)
    // Waiting for simond: keys and the timeout do nothing.
    #expect(cabinet.handle(.keys(Array("x".utf8))) == [])
    #expect(cabinet.handle(.timerFired(.nameEntry, generation: 10)) == [])
    #expect(cabinet.handle(.nameAnswered(.named("Dee"))) == [])
    #expect(cabinet.screen.nameEntry == nil)
    #expect(cabinet.screen.notice == "Game 12 is now Dee's: #3 in classic · medium.")
    #expect(cabinet.screen.control.lastGame?.name == "Dee")
    #expect(cabinet.handle(.keys(Array("1".utf8))).first == .send(.press(.green)))
  }

  @Test func aNameThatBreaksARuleOrIsRefusedIsSaidAndCanBeMended() {
    var cabinet = cabinet(cabinetView(.gameover))
    _ = gameEnds(gameOver(record(id: 3, points: 9, rounds: 1), rank: 1), on: &cabinet)
    _ = cabinet.handle(.keys(Array("Player\r".utf8)))
    #expect(
      cabinet.screen.nameEntry?.problem
        == PlayerError.invalidName("Player", .notReserved).description)
    #expect(cabinet.screen.nameEntry?.waiting == false)
    let sent = cabinet.handle(.keys(Array(" 9\r".utf8)))
    #expect(sent.contains(.nameGame(id: 3, name: "Player 9")) == false)
    #expect(
      cabinet.handle(.keys([0x7F, 0x7F] + Array("X\r".utf8))).contains(
        .nameGame(id: 3, name: "PlayerX")))
    let refused = cabinet.handle(
      .nameAnswered(
        .refused("game 3 is not in its table's top ten; only a ranked game can be named afterwards")
      ))
    #expect(
      refused == [
        .startTimer(
          .nameEntry, after: NameEntry.timeout, generation: generation(.nameEntry, in: refused)!)
      ])
    #expect(
      cabinet.screen.nameEntry?.problem
        == "simond refused it: game 3 is not in its table's top ten; only a ranked game can be named afterwards"
    )
    #expect(cabinet.screen.nameEntry?.waiting == false)
  }

  @Test func escapeEnterOnNothingOrTheTimeoutLeavesTheGameAsItWas() {
    let over = gameOver(record(id: 5, points: 9, rounds: 1), rank: 1)
    let kept = "game 5 keeps the name \"Player\"."
    var cabinet = cabinet(cabinetView(.gameover))
    _ = gameEnds(over, on: &cabinet)
    let escape = cabinet.handle(.keys([0x1B]))
    #expect(
      cabinet.handle(.timerFired(.escape, generation: generation(.escape, in: escape)!)) == [])
    #expect(cabinet.screen.nameEntry == nil)
    #expect(cabinet.screen.notice == "Escape: " + kept)

    _ = gameEnds(over, on: &cabinet)
    #expect(cabinet.handle(.keys([13])) == [])
    #expect(cabinet.screen.notice == "No name typed: " + kept)

    let opened = gameEnds(over, on: &cabinet)
    let typed = cabinet.handle(.keys(Array("A".utf8)))
    // The timer of the first key has been replaced: it does nothing.
    #expect(
      cabinet.handle(.timerFired(.nameEntry, generation: generation(.nameEntry, in: opened)!)) == []
    )
    #expect(cabinet.screen.nameEntry?.text == "A")
    #expect(
      cabinet.handle(.timerFired(.nameEntry, generation: generation(.nameEntry, in: typed)!)) == [])
    #expect(cabinet.screen.nameEntry == nil)
    #expect(cabinet.screen.notice == "No key for 30 s: " + kept)
  }

  @Test func aSignedInPlayersGameOpensNoNameEntry() {
    var cabinet = cabinet(cabinetView(.gameover, players: ["Ann"], signedIn: ["Ann"]))
    let over = gameOver(record(id: 6, points: 9, rounds: 1, name: "Ann"), rank: 1)
    #expect(cabinet.handle(.control(.message(.gameOver(over, t: 1)))) == [])
    #expect(cabinet.screen.nameEntry == nil)
  }

  @Test func leavingReleasesWhatIsHeld() {
    var cabinet = cabinet()
    _ = cabinet.handle(.keys(Array("i".utf8)))
    #expect(
      cabinet.handle(.keys(Array("q".utf8))) == [
        .send(.release(.green)), .send(.release(.red)), .quit,
      ])
    _ = cabinet.handle(.keys(Array("1".utf8)))
    #expect(cabinet.leave() == [.send(.release(.green))])
    #expect(cabinet.leave() == [])
    _ = cabinet.handle(.control(.message(.state(cabinetView(.gameover), t: 1))))
    _ = gameEnds(gameOver(record(id: 2, points: 1, rounds: 1), rank: 1), on: &cabinet)
    #expect(cabinet.screen.nameEntry != nil)
    #expect(cabinet.handle(.keys([3])) == [.quit])
  }

  @Test func theEntryOpensOnlyOnceTheShowIsOver() {
    var cabinet = cabinet(cabinetView(.gameover, round: 2, points: 15))
    let over = gameOver(record(id: 8, points: 15, rounds: 1), rank: 1, newBest: true)
    let waiting = cabinet.handle(.control(.message(.gameOver(over, t: 1))))
    let first = generation(.nameEntryOpens, in: waiting)
    // The razz: its tone and the expected pad flashing; the pads stay on screen.
    #expect(cabinet.handle(.control(.message(.tone(42, t: 2)))) == [])
    #expect(cabinet.handle(.control(.message(.led(.yellow, on: true, t: 3)))) == [])
    #expect(cabinet.handle(.timerFired(.nameEntryOpens, generation: first!)) == [])
    #expect(cabinet.screen.nameEntry == nil)
    #expect(cabinet.handle(.control(.message(.led(.yellow, on: false, t: 4)))) == [])
    // Dark but not silent: no wait yet; then silent, and the chase of a new best begins.
    let quiet = cabinet.handle(.control(.message(.tone(nil, t: 5))))
    #expect(cabinet.handle(.control(.message(.led(.green, on: true, t: 5)))) == [])
    #expect(
      cabinet.handle(
        .timerFired(.nameEntryOpens, generation: generation(.nameEntryOpens, in: quiet)!)) == [])
    #expect(cabinet.screen.nameEntry == nil, "the chase plays in full")
    let dark = cabinet.handle(.control(.message(.led(.green, on: false, t: 6))))
    #expect(
      dark == [
        .startTimer(
          .nameEntryOpens, after: .milliseconds(400),
          generation: generation(.nameEntryOpens, in: dark)!)
      ])
    #expect(
      cabinet.handle(.control(.message(.led(.red, on: false, t: 6)))) == [], "the wait goes on")
    let opened = cabinet.handle(
      .timerFired(.nameEntryOpens, generation: generation(.nameEntryOpens, in: dark)!))
    #expect(opened.count == 1)
    #expect(cabinet.screen.nameEntry?.game == 8)
  }

  @Test func aNewGameBeforeTheEntryOpensOpensNone() {
    var cabinet = cabinet(cabinetView(.gameover, round: 2, points: 15))
    let over = gameOver(record(id: 8, points: 15, rounds: 1), rank: 1)
    let waiting = cabinet.handle(.control(.message(.gameOver(over, t: 1))))
    _ = cabinet.handle(.control(.message(.state(cabinetView(.countdown, countdown: 3), t: 2))))
    #expect(
      cabinet.handle(
        .timerFired(.nameEntryOpens, generation: generation(.nameEntryOpens, in: waiting)!)) == [])
    #expect(cabinet.screen.nameEntry == nil)
  }

  @Test func aThrowawayGameOpensNoEntry() {
    var cabinet = cabinet(cabinetView(.gameover))
    #expect(gameEnds(gameOver(record(id: 9, points: 0, rounds: 0), rank: 1), on: &cabinet) == [])
    #expect(cabinet.screen.nameEntry == nil)
  }

  @Test func simondsEntryWithThePadsIsTheOneEntryAndThePadKeysDriveIt() {
    var cabinet = cabinet(cabinetView(.gameover, round: 2, points: 15))
    let over = gameOver(record(id: 8, points: 15, rounds: 1), rank: 1)
    let waiting = cabinet.handle(.control(.message(.gameOver(over, t: 1))))
    var view = cabinetView(.gameover, round: 2, points: 15)
    view.naming = NamingView(
      game: 8, rank: 1, mode: .classic, difficulty: .medium, points: 15, choices: ["Ann"],
      choice: 0, spelled: "", letter: nil, alphabet: Array("AB"), maximumLength: 16,
      timeout: .seconds(20))
    _ = cabinet.handle(.control(.message(.state(view, t: 2))))
    #expect(
      cabinet.handle(
        .timerFired(.nameEntryOpens, generation: generation(.nameEntryOpens, in: waiting)!)) == [])
    #expect(cabinet.screen.nameEntry == nil, "no typed entry beside the pads'")
    let shown = cabinet.screen.render(width: 80, height: 30, colors: false).joined(separator: "\n")
    #expect(shown.contains("Name it with the pads"))
    #expect(shown.contains("[Ann]  new name"))
    #expect(
      cabinet.handle(.keys(Array("4".utf8))).first == .send(.press(.blue)), "a pad: the next choice"
    )
  }

  @Test func aTypedEntryWithNothingTypedGivesWayToThePads() {
    var cabinet = cabinet(cabinetView(.gameover, round: 2, points: 15))
    _ = gameEnds(gameOver(record(id: 8, points: 15, rounds: 1), rank: 1), on: &cabinet)
    #expect(cabinet.screen.nameEntry?.game == 8)
    var view = cabinetView(.gameover, round: 2, points: 15)
    view.naming = NamingView(
      game: 8, rank: 1, mode: .classic, difficulty: .medium, points: 15, choices: [],
      choice: nil, spelled: "", letter: "A", alphabet: Array("AB"), maximumLength: 16,
      timeout: .seconds(20))
    _ = cabinet.handle(.control(.message(.state(view, t: 2))))
    #expect(cabinet.screen.nameEntry == nil)
    #expect(
      cabinet.screen.render(width: 80, height: 30, colors: false).contains {
        $0.contains("Name: [A]")
      })
  }

  @Test func aGameNamedElsewhereClosesTheEntryAndTheLastGameShowsItsName() {
    var cabinet = cabinet(cabinetView(.gameover, round: 2, points: 15))
    let played = record(id: 8, points: 15, rounds: 1)
    _ = gameEnds(gameOver(played, rank: 1), on: &cabinet)
    _ = cabinet.handle(.keys(Array("Gu".utf8)))
    #expect(
      cabinet.handle(.control(.message(.scoresChanged("named", t: 3)))).contains(.loadLatestGame))
    var renamed = played
    renamed.result.name = "Zed"
    #expect(cabinet.handle(.latestGame(renamed)) == [])
    #expect(cabinet.screen.nameEntry == nil)
    #expect(cabinet.screen.notice == "Game 8 was named Zed meanwhile.")
    #expect(cabinet.screen.control.lastGame?.name == "Zed")
    #expect(cabinet.screen.control.lastGame?.record?.result.name == "Zed")
  }
}
