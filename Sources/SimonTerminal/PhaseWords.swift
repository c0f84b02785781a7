import SimonGame

/// What each phase is called on screen, and what a player can do in it.
public enum PhaseWords {
  /// The phase in a few words: "your turn", "Simon plays".
  public static func name(of phase: Phase) -> String {
    switch phase {
    case .idle: "idle"
    case .attract: "attract"
    case .countdown: "countdown"
    case .simon: "Simon plays"
    case .player: "your turn"
    case .gameover: "game over"
    }
  }

  /// What to do now, for the player at the terminal. Where a start button is wired,
  /// only it starts a game from idle (the pads are free play there); elsewhere a pad does
  /// too.
  public static func hint(for phase: Phase, startButton: Bool) -> String {
    switch phase {
    case .idle: startButton ? "press s to start (pads: free play)" : "press a pad or s to start"
    case .attract: "press anything to wake it"
    case .countdown: "get ready"
    case .simon: "watch and listen"
    case .player: "repeat the sequence"
    case .gameover: "tap a pad to play again"
    }
  }
}
