import ArgumentParser
import SimonControl
import SimonPOSIX
import SimonScores
import SystemPackage

/// `simonctl scores reset`: forgets every score and recent game, after confirmation.
struct ScoresReset: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset",
    abstract: "Delete every high score and recent game.",
    discussion: """
      Asks for confirmation on a terminal; without one, --yes is required. Players and \
      settings are kept.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Flag(help: "Do not ask for confirmation.")
  var yes = false

  func run() throws {
    try Output.run {
      let route = try DaemonRoute.find(common: common, socket: socket)
      let store = try Stores(common: common, socket: socket.controlSocket).scores
      if !yes {
        guard POSIX.isTerminal(.standardInput) else {
          throw Refusal(
            message:
              "not resetting the scores without confirmation: run it on a terminal, or add --yes",
            code: ExitStatus.usage)
        }
        Output.writeError("Delete every high score and recent game in \(store.path)? [y/N] ")
        let answer = readLine()?.lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
          throw Refusal(message: "the scores were not reset", code: ExitStatus.declined)
        }
      }
      switch route {
      case .live(let client):
        _ = try DaemonRoute.ask(client, .resetScores)
        print("Deleted every high score and recent game.")
        print("simond did it: its bests start afresh.")
      case .files:
        try store.reset()
        print("Deleted every high score and recent game.")
      }
    }
  }
}
