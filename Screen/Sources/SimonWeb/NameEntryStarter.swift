import Logging
import SimonControl

/// Starts name entry at the cabinet after a game that ranks in its table's top ten, while
/// the cabinet's own screen (the kiosk's page) is watching: a cabinet whose screen is dark,
/// or watched only from a phone, keeps its pads as they were. simond
/// decides whether the game may be named (a signed-in player's game needs none) and
/// says why not; a refusal is only logged.
public struct NameEntryStarter: Sendable {
  let ask: ControlAsk
  let logger: Logger

  /// A starter asking through `ask`.
  public init(ask: ControlAsk, logger: Logger) {
    self.ask = ask
    self.logger = logger
  }

  /// Whether a game over calls for name entry: stored, ranked, and the cabinet's screen
  /// watching.
  public static func wants(_ over: ControlGameOver, screensWatching: Int) -> Bool {
    over.record != nil && over.rank != nil && screensWatching > 0
  }

  /// Asks simond to start name entry for `over`'s game if `wants` says so.
  public func gameOver(_ over: ControlGameOver, screensWatching: Int) {
    guard Self.wants(over, screensWatching: screensWatching), let game = over.record?.id else {
      return
    }
    let ask = self.ask
    let logger = self.logger
    Task {
      do {
        _ = try await ask(.nameEntry(game: game))
        logger.info("name entry started at the cabinet", metadata: ["game": "\(game)"])
      } catch {
        logger.debug("no name entry", metadata: ["game": "\(game)", "why": "\(error)"])
      }
    }
  }
}
