import ArgumentParser
import SimonControl
import SimonScores

/// `simonctl players remove NAME`.
struct PlayersRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove a registered player; their recorded games stay.",
    discussion: ExitStatus.help)

  @OptionGroup var common: CommonOptions

  @Argument(help: ArgumentHelp("The player's name, in any case.", valueName: "name"))
  var name: String

  func run() throws {
    try Output.run {
      let player = try Stores(common: common).players.remove(name)
      print("Removed \(PlayerName.printable(player.name)).")
    }
  }
}
