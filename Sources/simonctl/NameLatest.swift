import ArgumentParser
import SimonControl
import SimonScores
import SimonStateFiles

/// `simonctl name-latest NAME [--count N]`: names games played without signing in.
struct NameLatest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "name-latest",
    abstract: "Give the latest games recorded as \"Player\" (or one ranked game) a name.",
    discussion: """
      Renames the latest games nobody was signed in for, in the recent games and the \
      high-score tables; with --game, the one game of that number, which must be in \
      its table's top ten and played without signing in. A registered player's name \
      is written as it was registered; any other name must follow the name rules of \
      'simonctl players'. Through simond when it runs on this state directory (every \
      screen hears of it), else in scores.json.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Argument(help: ArgumentHelp("The name to give the games.", valueName: "name"))
  var name: String

  @Option(help: ArgumentHelp("How many of the latest unnamed games to name.", valueName: "n"))
  var count = 1

  @Option(
    help: ArgumentHelp(
      "Name this one ranked game instead (its number: 'simonctl scores --json').",
      valueName: "id"))
  var game: Int?

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1.") }
    if count > 1000 { throw ValidationError("--count is at most 1000.") }
  }

  func run() throws {
    try Output.run {
      let renamed: [GameRecord]
      let registered: String
      switch try DaemonRoute.find(common: common, socket: socket) {
      case .live(let client):
        let action: ControlRequest.Action =
          game.map { .nameGame(id: $0, name: name) } ?? .nameLatest(name: name, count: count)
        renamed = try DaemonRoute.ask(client, action).records ?? []
        registered = renamed.first?.result.name ?? name
      case .files(let stores, _):
        registered = try stores.players.player(named: name)?.name ?? name
        if let game {
          renamed = [try stores.scores.name(game: game, as: registered)]
        } else {
          renamed = try stores.scores.nameLatest(registered, count: count)
        }
      }
      if renamed.isEmpty {
        throw Refusal(
          message: "no recent game is recorded as \"\(PlayerName.unnamed)\"",
          code: ExitStatus.declined)
      }
      for record in renamed {
        print(
          "Named the \(RecordText.table(record.table)) game of \(Timestamps.localMinute(record.endedAt)) "
            + "(\(record.result.points) points) \(PlayerName.printable(registered)).")
      }
    }
  }
}
