import ArgumentParser
import SimonControl
import SimonScores

/// `simonctl players add NAME [--code CODE]`.
struct PlayersAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Register a player.",
    discussion: ExitStatus.help)

  @OptionGroup var common: CommonOptions

  @Argument(
    help: ArgumentHelp("The player's name (see 'simonctl players --help').", valueName: "name"))
  var name: String

  @Option(
    help: ArgumentHelp(
      "The player's pad code, e.g. \"green red red blue\" (default: a random free one).",
      valueName: "code"))
  var code: String?

  func run() throws {
    try Output.run {
      let padCode = try code.map { (text) throws(PlayerError) in try PadCode(parsing: text) }
      let player = try Stores(common: common).players.add(name, code: padCode)
      print("Added \(PlayerName.printable(player.name)) with the pad code \(player.code).")
    }
  }
}
