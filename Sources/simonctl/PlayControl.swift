import SimonControl
import SimonPOSIX
import SimonScores
import SimonSim
import SimonTerminal
import SimonTransport

/// The control socket the terminal cabinet follows for what it shows, and asks to name
/// a ranked game.
enum PlayControl {
  /// How long simond may take to greet or to answer.
  static let answerLimit = Duration.seconds(5)

  /// The control socket of a simulated cabinet's simond, when none was named: the first
  /// of the usual places whose simond greets as a `sim` cabinet.
  /// - Returns: the path, or why none was found.
  static func find(environment: [String: String]) -> Result<String, Unfound> {
    let paths = ControlSocketPath.candidates(environment: environment, uid: POSIX.userID)
    for path in paths {
      guard let client = try? ControlClient(path: path),
        let greeting = try? client.greet(within: .seconds(1)), greeting.0.hardware == "sim"
      else { continue }
      return .success(path)
    }
    return .failure(
      Unfound(
        message: "no simond of a simulated cabinet serves \(paths.joined(separator: ", ")); "
          + "name its control socket with --control-socket PATH"))
  }

  /// Why no control socket was found, for the screen.
  struct Unfound: Error {
    /// In words.
    let message: String
  }

  /// Asks simond on `path` to name a ranked game. Blocks until it answers, at most
  /// `answerLimit`; connects afresh, so it may run on any thread.
  static func name(game: Int, as name: String, path: String) -> TerminalCabinet.NameAnswer {
    do {
      let client = try ControlClient(path: path)
      let result = try client.request(.nameGame(id: game, name: name), within: answerLimit)
      return .named(result.records?.first?.result.name ?? name)
    } catch let refusal as ControlRefusal {
      return .refused(refusal.message)
    } catch let error as SocketClientError {
      return .refused("simond could not be asked: \(error.message)")
    } catch {
      return .refused("simond could not be asked: \(error)")
    }
  }

  /// The latest game recorded, as simond on `path` has it now (`recent`, one game); nil
  /// when there is none or simond cannot be asked. Blocks until it answers, at most
  /// `answerLimit`; connects afresh, so it may run on any thread.
  static func latestGame(path: String) -> GameRecord? {
    guard let client = try? ControlClient(path: path),
      let result = try? client.request(.recent(count: 1), within: answerLimit)
    else { return nil }
    return result.records?.last
  }
}
