import FoundationEssentials
import SimonControl
import SimonGame
import SimonScores
import SimonTerminal

/// What the cabinet shows, with the values a test sets and an idle classic cabinet's
/// for the rest.
func cabinetView(
  _ phase: Phase = .idle, mode: GameMode = .classic, difficulty: Difficulty = .medium,
  level: Int? = nil, round: Int = 0, points: Int = 0, players: [String] = ["Player"],
  turn: Int? = nil, out: [Int] = [], signedIn: [String] = [], team: String? = nil,
  countdown: Int? = nil, menu: MenuView? = nil, codeEntered: Int? = nil
) -> CabinetView {
  CabinetView(
    phase: phase, mode: mode, difficulty: difficulty, level: level, round: round,
    points: points, players: players, turn: turn, out: out, signedIn: signedIn, team: team,
    countdown: countdown, menu: menu, codeEntered: codeEntered)
}

/// The hello of a simulated cabinet keeping its state in /var/lib/simon-cabinet.
let simHello = ControlHello(
  protocolVersion: 1, cabinet: "pi", version: "0.1.0",
  stateDirectory: "/var/lib/simon-cabinet", hardware: "sim")

/// A snapshot of `view` with `lit` lamps on and nothing sounding.
func snapshot(_ view: CabinetView, lit: Set<Pad> = []) -> ControlSnapshot {
  ControlSnapshot(
    lit: Dictionary(uniqueKeysWithValues: Pad.allCases.map { ($0, lit.contains($0)) }),
    tone: nil, state: view, settings: ControlSettings(values: .defaults, changed: []))
}

/// 2026-11-21T19:37:05Z plus `minutes`.
func time(_ minutes: Int) -> Date {
  Date(timeIntervalSince1970: 1_795_289_825 + Double(minutes) * 60)
}

/// A stored game of a classic, medium table (its number `id`).
func record(
  id: Int, points: Int, rounds: Int, name: String = "Player", mode: GameMode = .classic,
  difficulty: Difficulty = .medium, ending: GameEnding = .mistake
) -> GameRecord {
  GameRecord(
    id: id,
    result: GameResult(
      points: points, rounds: rounds, mode: mode, difficulty: difficulty, name: name,
      members: [name], ending: ending, duration: .seconds(65)),
    startedAt: time(id * 2), endedAt: time(id * 2 + 1))
}

/// A game over of `record` (nil: not stored yet) with its rank and whether it is a best.
func gameOver(
  _ record: GameRecord, stored: Bool = true, rank: Int?, newBest: Bool = false
) -> ControlGameOver {
  ControlGameOver(
    record: stored ? record : nil, result: record.result, rank: rank, newBest: newBest)
}

extension PlayScreen {
  /// This screen with the control socket connected and showing `view`.
  func following(_ view: CabinetView, lit: Set<Pad> = []) -> PlayScreen {
    var screen = self
    screen.control.connect(simHello, snapshot(view, lit: lit))
    return screen
  }

  /// The plain 80x24 rendering's line `index`, without its two-column indent.
  func line(_ index: Int) -> String {
    String(render(width: 80, height: 24, colors: false)[index].dropFirst(2))
  }
}
