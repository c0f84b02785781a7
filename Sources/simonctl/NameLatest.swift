import ArgumentParser
import SimonScores

/// `simonctl name-latest NAME [--count N]`: names games played without signing in.
struct NameLatest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "name-latest",
    abstract: "Give the latest games recorded as \"Player\" a name.",
    discussion: """
      Renames the latest games nobody was signed in for, in the recent games and the \
      high-score tables. A registered player's name is written as it was registered; \
      any other name must follow the name rules of 'simonctl players'.

      \(ExitCodes.help)
      """)

  @OptionGroup var common: CommonOptions

  @Argument(help: ArgumentHelp("The name to give the games.", valueName: "name"))
  var name: String

  @Option(help: ArgumentHelp("How many of the latest unnamed games to name.", valueName: "n"))
  var count = 1

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1.") }
  }

  func run() throws {
    try Output.run {
      let stores = try Stores(common: common)
      let registered = try stores.players.player(named: name)?.name ?? name
      let renamed = try stores.scores.nameLatest(registered, count: count)
      if renamed.isEmpty {
        throw Refusal(
          message: "no recent game is recorded as \"\(PlayerName.unnamed)\"",
          code: ExitCodes.refused)
      }
      for record in renamed {
        print(
          "Named the \(RecordText.table(record.table)) game of \(Timestamps.localMinute(record.endedAt)) "
            + "(\(record.result.points) points) \(PlayerName.printable(registered)).")
      }
    }
  }
}
