import SimonControl
import SimonGame
import SimonScores
import SimonStateFiles

extension ControlRefusalReason {
  /// Why a request that failed with `error` was refused, by what the error means to the
  /// asker: the one place the stores' and the game's errors are sorted for programs.
  init(for error: any Error) {
    switch error {
    case let error as PlayerError:
      switch error {
      case .noSuchPlayer: self = .notFound
      case .nameTaken, .codeTaken, .noFreeCode: self = .conflict
      case .invalidName, .invalidCode: self = .invalid
      }
    case let error as NamingError:
      switch error {
      case .noSuchGame: self = .notFound
      case .alreadyNamed: self = .conflict
      case .notRanked: self = .invalid
      }
    case let refusal as NameEntryRefusal:
      switch refusal {
      case .stopping: self = .unavailable
      case .notWorthNaming: self = .invalid
      case .notAtGameOver, .newGameBegun, .notTheLastGame, .alreadyAsked: self = .conflict
      }
    case is StateError: self = .unavailable
    default: self = .invalid
    }
  }
}
