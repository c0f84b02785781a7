import SimonGame
import SimonSim
import SimonTerminal
import Testing

@Suite("The terminal cabinet's screen")
struct PlayScreenTests {
  /// A game in progress heard on the control socket: green lit, pressed from this
  /// terminal, Ann signed in; a game over heard before.
  private var playing: PlayScreen {
    var screen = PlayScreen(source: "simond on /tmp/s.sock", arrows: .pads)
      .following(
        cabinetView(.player, round: 3, points: 25, players: ["Ann"], signedIn: ["Ann"]),
        lit: [.green])
    screen.control.apply(.tone(415, t: 1))
    screen.control.apply(
      .gameOver(gameOver(record(id: 7, points: 40, rounds: 4, name: "Ann"), rank: 2), t: 0))
    screen.held = [.green]
    return screen
  }

  @Test func drawsThePadsInTheirPlacesWithModeStateSoundAndHelp() {
    #expect(
      playing.render(width: 80, height: 24, colors: false) == [
        " Simon cabinet · simond on /tmp/s.sock",
        "  classic · medium · Ann signed in",
        "  ┌────────────────────────┐  ┌────────────────────────┐",
        "  │████████████████████████│  │░░░░░░░░░░░░░░░░░░░░░░░░│",
        "  │██████ GREEN  1 ↑ ██████│  │░░░░░░░ RED  2 → ░░░░░░░│",
        "  │████████████████████████│  │░░░░░░░░░░░░░░░░░░░░░░░░│",
        "  └────────────────────────┘  └────────────────────────┘",
        "",
        "  ┌────────────────────────┐  ┌────────────────────────┐",
        "  │░░░░░░░░░░░░░░░░░░░░░░░░│  │░░░░░░░░░░░░░░░░░░░░░░░░│",
        "  │░░░░░ YELLOW  3 ← ░░░░░░│  │░░░░░░ BLUE  4 ↓ ░░░░░░░│",
        "  │░░░░░░░░░░░░░░░░░░░░░░░░│  │░░░░░░░░░░░░░░░░░░░░░░░░│",
        "  └────────────────────────┘  └────────────────────────┘",
        "  Your turn · round 3 · 25 points · repeat the sequence",
        "  ♪ 415 Hz            pressing green",
        "  Last game: Ann · 40 points · 4 rounds · mistake · rank 2",
        "  ",
        "  1 2 3 4  pads      ↑ → ← ↓  pads (j: joystick)",
        "  s start   l last   L longest   t top ten   q quit",
        "  m then 1-4  settings menu   i  sign in   Esc  close",
      ])
  }

  @Test func litPadsAreBrightAndDarkPadsDimInColour() {
    let lines = playing.render(width: 80, height: 24, colors: true)
    // Green lit: bright green background; red dark: dim red.
    #expect(lines[4].contains(ANSI.style("1", "30", "102") + "       GREEN  1 ↑       "))
    #expect(lines[4].contains(ANSI.style("2", "31") + "░░░░░░░ RED  2 → ░░░░░░░"))
    #expect(
      lines.map(ANSI.visible)
        == playing.render(width: 80, height: 24, colors: false)
        .enumerated().map { index, line in
          // Only the lit pad's fill differs: spaces on a bright background, not blocks.
          index >= 3 && index <= 5 ? line.replacingBlocks() : line
        })
  }

  @Test(arguments: [(80, 24), (60, 20), (200, 60)])
  func fitsTheTerminal(width: Int, height: Int) {
    var screen = playing
    screen.source = "simond on /" + String(repeating: "long/", count: 40) + "s.sock"
    screen.cabinet.apply(.error(String(repeating: "very long error ", count: 10)))
    var panels = [screen]
    screen.topTen = TopTen(table: TableKey(mode: .classic, difficulty: .medium))
    screen.topTen?.records = (1...10).map { record(id: $0, points: 1000 - $0, rounds: 99) }
    panels.append(screen)
    screen.topTen = nil
    screen.nameEntry = NameEntry(gameOver(record(id: 3, points: 9, rounds: 1), rank: 1))
    screen.nameEntry?.problem = String(repeating: "a refusal in many words ", count: 8)
    panels.append(screen)
    for (panel, colors) in panels.flatMap({ panel in [(panel, false), (panel, true)] }) {
      let lines = panel.render(width: width, height: height, colors: colors)
      #expect(lines.count == PlayScreen.minimumHeight)
      #expect(lines.allSatisfy { ANSI.visible($0).count <= width })
    }
  }

  @Test func aSmallTerminalIsToldWhatItNeeds() {
    #expect(
      playing.render(width: 79, height: 19, colors: true) == [
        "The Simon cabinet needs a terminal of at least 60x20; this one is 79x19."
      ])
    #expect(playing.render(width: 30, height: 24, colors: false)[0].count == 30)
  }

  @Test func withoutTheControlSocketEachPhaseSaysWhatToDoFromTheCabinet() {
    var screen = PlayScreen(source: "x", arrows: .joystick)
    #expect(screen.line(13) == "Connecting…")
    let expected: [(Status, String)] = [
      (Status(phase: .idle, round: 0, points: 0), "Idle · press a pad or s to start"),
      (Status(phase: .attract, round: 0, points: 0), "Attract · press anything to wake it"),
      (Status(phase: .countdown, round: 0, points: 0), "Countdown · get ready"),
      (
        Status(phase: .simon, round: 4, points: 30),
        "Simon plays · round 4 · 30 points · watch and listen"
      ),
      (
        Status(phase: .gameover, round: 3, points: 30),
        "Game over · 3 rounds · 30 points · tap a pad to play again"
      ),
    ]
    for (status, line) in expected {
      screen.cabinet.apply(.state(status, t: 1))
      #expect(screen.line(13) == line)
    }
    #expect(screen.line(17) == "1 2 3 4  pads      ↑ → ← ↓  joystick (j: pads)")
    screen.control.lose("no control socket at /tmp/c.sock")
    #expect(screen.line(1) == "Mode, players and the top ten come from simond's control socket.")
    #expect(screen.line(16) == "control socket: no control socket at /tmp/c.sock")
  }

  @Test func withAStartButtonIdleSaysThatItStarts() {
    var screen = PlayScreen(source: "x", arrows: .pads).following(cabinetView(.idle))
    #expect(screen.line(13) == "Idle · press a pad or s to start")
    screen.startButton = true
    #expect(screen.line(13) == "Idle · press s to start (pads: free play)")
    screen.control.lose("gone")
    screen.cabinet.apply(.state(Status(phase: .idle, round: 0, points: 0), t: 1))
    #expect(screen.line(13) == "Idle · press s to start (pads: free play)")
  }

  @Test func theRazzAndRefusedLinesShow() {
    var screen = PlayScreen(source: "x", arrows: .pads)
    screen.cabinet.apply(.tone(42, t: 1))
    screen.cabinet.apply(.error("unknown input \"purple\""))
    #expect(screen.line(14) == "♪ 42 Hz (razz)")
    #expect(screen.line(16) == "simond: unknown input \"purple\"")
    screen.cabinet.apply(.tone(261.63, t: 2))
    #expect(screen.line(14) == "♪ 261.63 Hz")
  }

  @Test func theVibrationMotorShowsWhileItRuns() {
    var screen = PlayScreen(source: "x", arrows: .pads)
    screen.cabinet.apply(.haptic(on: true, t: 1))
    #expect(screen.line(14) == "≋")
    screen.cabinet.apply(.tone(415, t: 1))
    #expect(screen.line(14) == "♪ 415 Hz ≋")
    screen.cabinet.apply(.haptic(on: false, t: 2))
    #expect(screen.line(14) == "♪ 415 Hz")
  }

  @Test func textFromTheCabinetCannotDriveTheTerminal() {
    var screen = PlayScreen(source: "x", arrows: .pads)
    screen.cabinet.apply(
      .gameOver(record: #"{"points":1,"rounds":1,"name":"A\u001b[2Jnn","ending":"win"}"#, t: 1))
    screen.cabinet.apply(.error("bad\u{1B}[31m line"))
    #expect(screen.line(15) == "Last game: A?[2Jnn · 1 points · 1 rounds · win")
    #expect(screen.line(16) == "simond: bad?[31m line")
    screen = screen.following(
      cabinetView(.player, mode: .coop, players: ["A\u{1B}[2J", "B"], turn: 0, team: "T\u{7}"))
    #expect(screen.line(1) == "coop · medium · team T?: ▸A?[2J, B")
    #expect(screen.line(13).hasPrefix("A?[2J's turn"))
  }
}

extension String {
  /// The plain rendering's lit fill (blocks) as the coloured one shows it (spaces).
  fileprivate func replacingBlocks() -> String {
    String(map { $0 == "█" ? " " : $0 })
  }
}
