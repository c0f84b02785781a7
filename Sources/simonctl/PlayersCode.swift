import ArgumentParser
import SimonControl
import SimonScores

/// `simonctl players code NAME [CODE...]`: shows or sets a player's pad code.
struct PlayersCode: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "code",
    abstract: "Show a player's pad code, or give them a new one.",
    discussion: ExitStatus.help)

  @OptionGroup var common: CommonOptions

  @Argument(help: ArgumentHelp("The player's name, in any case.", valueName: "name"))
  var name: String

  @Argument(
    help: ArgumentHelp(
      "The new code: four pads, e.g. green red red blue, or 1224 (default: show the code).",
      valueName: "code"))
  var code: [String] = []

  func run() throws {
    try Output.run {
      let store = try Stores(common: common).players
      let player: Player
      if code.isEmpty {
        guard let found = try store.player(named: name) else {
          throw PlayerError.noSuchPlayer(name)
        }
        player = found
      } else {
        player = try store.setCode(try PadCode(parsing: code.joined(separator: " ")), for: name)
      }
      print("\(PlayerName.printable(player.name)): \(player.code)")
    }
  }
}
