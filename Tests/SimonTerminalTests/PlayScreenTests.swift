import SimonGame
import SimonSim
import SimonTerminal
import Testing

@Suite("The terminal cabinet's screen")
struct PlayScreenTests {
  /// A game in progress: green lit and sounding, pressed from this terminal.
  private var playing: PlayScreen {
    var screen = PlayScreen(source: "simond on /tmp/s.sock", arrows: .pads)
    screen.cabinet.apply(.led(.green, on: true, t: 1))
    screen.cabinet.apply(.tone(415, t: 1))
    screen.cabinet.apply(.state(Status(phase: .player, round: 3, points: 25), t: 1))
    screen.cabinet.apply(
      .gameOver(record: #"{"points":40,"rounds":4,"name":"Ann","ending":"mistake"}"#, t: 0))
    screen.held = .green
    return screen
  }

  @Test func drawsThePadsInTheirPlacesWithStateSoundAndHelp() {
    #expect(
      playing.render(width: 80, height: 24, colors: false) == [
        " Simon cabinet · simond on /tmp/s.sock",
        "",
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
        "",
        "  Your turn · round 3 · 25 points · repeat the sequence",
        "  ♪ 415 Hz            pressing green",
        "  Last game: Ann · 40 points · 4 rounds · mistake",
        "  ",
        "  1 2 3 4  pads      ↑ → ← ↓  pads (j: joystick)",
        "  s start   l last   L longest   q quit",
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
    for colors in [false, true] {
      let lines = screen.render(width: width, height: height, colors: colors)
      #expect(lines.count <= height)
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

  @Test func eachPhaseSaysWhatToDo() {
    var screen = PlayScreen(source: "x", arrows: .joystick)
    #expect(screen.render(width: 80, height: 24, colors: false)[14] == "  Connecting…")
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
      #expect(screen.render(width: 80, height: 24, colors: false)[14] == "  " + line)
    }
    #expect(
      screen.render(width: 80, height: 24, colors: false)[18]
        == "  1 2 3 4  pads      ↑ → ← ↓  joystick (j: pads)")
  }

  @Test func withAStartButtonIdleSaysThatOnlyItStarts() {
    var screen = PlayScreen(source: "x", arrows: .pads)
    screen.cabinet.apply(.state(Status(phase: .idle, round: 0, points: 0), t: 1))
    #expect(
      screen.render(width: 80, height: 24, colors: false)[14]
        == "  Idle · press a pad or s to start")
    screen.startButton = true
    #expect(
      screen.render(width: 80, height: 24, colors: false)[14]
        == "  Idle · press s to start (pads: free play)")
  }

  @Test func theRazzAndRefusedLinesShow() {
    var screen = PlayScreen(source: "x", arrows: .pads)
    screen.cabinet.apply(.tone(42, t: 1))
    screen.cabinet.apply(.error("unknown input \"purple\""))
    let lines = screen.render(width: 80, height: 24, colors: false)
    #expect(lines[15] == "  ♪ 42 Hz (razz)")
    #expect(lines[17] == "  simond: unknown input \"purple\"")
    screen.cabinet.apply(.tone(261.63, t: 2))
    #expect(screen.render(width: 80, height: 24, colors: false)[15] == "  ♪ 261.63 Hz")
  }

  @Test func textFromTheCabinetCannotDriveTheTerminal() {
    var screen = PlayScreen(source: "x", arrows: .pads)
    screen.cabinet.apply(
      .gameOver(record: #"{"points":1,"rounds":1,"name":"A\u001b[2Jnn","ending":"win"}"#, t: 1))
    screen.cabinet.apply(.error("bad\u{1B}[31m line"))
    let lines = screen.render(width: 80, height: 24, colors: false)
    #expect(lines[16] == "  Last game: A?[2Jnn · 1 points · 1 rounds · win")
    #expect(lines[17] == "  simond: bad?[31m line")
  }
}

extension String {
  /// The plain rendering's lit fill (blocks) as the coloured one shows it (spaces).
  fileprivate func replacingBlocks() -> String {
    String(map { $0 == "█" ? " " : $0 })
  }
}
