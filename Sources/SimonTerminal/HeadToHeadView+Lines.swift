import SimonGame

extension HeadToHeadView {
  /// The rival, as the terminal names it: "ANNA at bar-1" (or "bar-1" while nobody there
  /// is known yet).
  var rivalName: String {
    rival.player.isEmpty
      ? TerminalText.safe(rival.cabinet)
      : "\(TerminalText.safe(rival.player)) at \(TerminalText.safe(rival.cabinet))"
  }

  /// The state line before the start: "Challenge from ANNA at bar-1 · press a pad to
  /// accept", "Challenge sent to bar-2 · waiting for a player there", "Match against BO at
  /// bar-2 · get ready"; nil once the games are on.
  var challengeLine: String? {
    switch state {
    case .offered: "Challenge from \(rivalName) · press a pad to accept (30 s)"
    case .sent: "Challenge sent to \(TerminalText.safe(rival.cabinet)) · waiting for a player there"
    case .agreed: "Match against \(rivalName) · get ready"
    case .playing, .rivalLost: nil
    }
  }

  /// The rival's line during and after the games: "Rival ANNA at bar-1: round 3, still
  /// in", "...: out after 2 rounds", "...: out of sight", then "You beat ANNA at bar-1!",
  /// "ANNA at bar-1 won", "A draw with ANNA at bar-1".
  var rivalLine: String {
    switch outcome {
    case .won?: return "You beat \(rivalName)!"
    case .lost?: return "\(rivalName) won"
    case .draw?: return "A draw with \(rivalName)"
    case nil: break
    }
    if state == .rivalLost { return "Rival \(rivalName): out of sight, your game goes on" }
    guard let side = rivalSide else { return "Rival \(rivalName)" }
    if side.isIn { return "Rival \(rivalName): round \(side.rounds + 1), still in" }
    return "Rival \(rivalName): out after \(side.rounds) round\(side.rounds == 1 ? "" : "s")"
  }
}
