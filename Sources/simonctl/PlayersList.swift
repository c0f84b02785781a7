import ArgumentParser
import SimonControl
import SimonScores

/// `simonctl players list`.
struct PlayersList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the registered players and their pad codes.",
    discussion: ExitStatus.help)

  @OptionGroup var common: CommonOptions

  @Flag(help: "Print JSON for scripts: {\"players\": [{\"name\", \"code\"}]}.")
  var json = false

  func run() throws {
    try Output.run {
      let stores = try Stores(common: common)
      try requireNamedStateDirectory(stores.directory, common: common)
      let players = try stores.players.list()
      if json {
        try JSONOutput.print(["players": players])
        return
      }
      if players.isEmpty {
        print(nothingIn("No players registered", stores.directory, common: common))
        return
      }
      var table = TextTable([("name", .left), ("pad code", .left)])
      for player in players {
        table.rows.append([PlayerName.printable(player.name), player.code.description])
      }
      print(table.lines().joined(separator: "\n"))
    }
  }
}
