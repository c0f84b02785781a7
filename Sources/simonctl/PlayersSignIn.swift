import ArgumentParser
import SimonControl
import SimonScores

/// `simonctl players sign-in NAME...`: who plays the next games, in turn order.
struct PlayersSignIn: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-in",
    abstract: "Sign registered players in for the next games, in turn order.",
    discussion: """
      One name for the one-player modes; for coop and player-adds, up to the mode's \
      number of players, in the order they take turns (empty seats play as "Player N"). \
      Replaces whoever was signed in. Signing in ends when the cabinet falls idle, as \
      a sign-in with pad codes at the cabinet does. Needs simond running.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Argument(help: ArgumentHelp("Registered players, in turn order.", valueName: "name"))
  var names: [String]

  func validate() throws {
    if names.isEmpty { throw ValidationError("Name at least one player (or use sign-out).") }
  }

  func run() throws {
    try Output.run {
      let client = try liveDaemon(common: common, socket: socket, for: "signing in")
      let result = try DaemonRoute.ask(client, .signIn(names))
      let seated = (result.players ?? []).map(PlayerName.printable)
      print("Signed in for the next games: \(seated.joined(separator: ", ")).")
    }
  }
}

/// `simonctl players sign-out`.
struct PlayersSignOut: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-out",
    abstract: "Sign everyone out: the next games are played as \"Player\".",
    discussion: "Needs simond running.\n\n\(ExitStatus.help)")

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  func run() throws {
    try Output.run {
      let client = try liveDaemon(common: common, socket: socket, for: "signing out")
      _ = try DaemonRoute.ask(client, .signOut)
      print("Nobody is signed in.")
    }
  }
}

/// `simonctl players team NAME`.
struct PlayersTeam: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "team",
    abstract: "Name the coop team of the next games.",
    discussion: """
      The name follows the rules of player names and is kept in the team's records. \
      It is forgotten, with the players signed in, when the cabinet falls idle. Needs \
      simond running.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Argument(help: ArgumentHelp("The team's name.", valueName: "name"))
  var name: String

  func run() throws {
    try Output.run {
      let client = try liveDaemon(common: common, socket: socket, for: "naming a team")
      let result = try DaemonRoute.ask(client, .team(name))
      print("The team is \(PlayerName.printable(result.team ?? name)).")
    }
  }
}

/// The running simond, for what only it holds (who is signed in).
/// - Throws: `Refusal` (exit 69) when simond does not run on this state directory.
func liveDaemon(common: CommonOptions, socket: ControlSocketOption, for what: String) throws
  -> ControlClient
{
  switch try DaemonRoute.find(common: common, socket: socket) {
  case .live(let client): return client
  case .files(_, let reason):
    throw Refusal(
      message: "\(what) needs simond running: \(reason)", code: ExitStatus.unavailable)
  }
}
