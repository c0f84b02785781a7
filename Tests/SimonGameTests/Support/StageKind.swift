@testable import SimonGame

/// Where the game is, without the stage's own state: what tests check the stage by.
enum StageKind {
  case idle, attract, menu, signIn, script, answering, gameOver, naming, challenge, stopped
}

extension Game.Stage {
  /// The stage's case, without its state.
  var kind: StageKind {
    switch self {
    case .idle: .idle
    case .attract: .attract
    case .menu: .menu
    case .signIn: .signIn
    case .script: .script
    case .answering: .answering
    case .gameOver: .gameOver
    case .naming: .naming
    case .challenge: .challenge
    case .stopped: .stopped
    }
  }
}
