import ArgumentParser
import SimonControl
import SimonGame
import SimonScores

/// `simonctl players stats NAME`: how a player is getting on, week by week.
struct PlayersStats: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract:
      "Show how a player is getting on: games, best round and points, reaction times by week.",
    discussion: """
      NAME is a registered player or a name games were recorded under. The figures come \
      from the games the score file keeps (the recent games and every table's top ten). \
      A reaction time runs from the end of Simon's turn, or the player's previous press, \
      to the press. Weeks begin on Monday, local time.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions

  @Argument(help: ArgumentHelp("The player's name, in any case.", valueName: "name"))
  var name: String

  @Flag(
    help: """
      Print JSON for scripts: {"name", "registered", "games", "progress": {"weeks": \
      [{"week", "games", "best_rounds", "best_points", "reaction"}], "reaction"}}; a \
      reaction is {"presses", "median_ms", "best_ms"} or null.
      """)
  var json = false

  func run() throws {
    try Output.run {
      let stores = try Stores(common: common)
      try requireNamedStateDirectory(stores.directory, common: common)
      try PlayerStore.check(name)
      let registered = try stores.players.player(named: name)
      guard let player = try stores.scores.load().player(named: name, registered: registered) else {
        throw Refusal(
          message: nothingIn(
            "No player named \(PlayerName.quoted(name)) is registered or has a game kept",
            stores.directory, common: common),
          code: ExitStatus.declined)
      }
      let page = ControlPlayerPage(player)
      if json {
        try JSONOutput.print(
          Stats(
            name: page.name, registered: page.registered, games: page.games, progress: page.progress
          ))
        return
      }
      print(Self.text(page))
    }
  }

  /// The figures for people, from the page `--json` prints: a line of totals, then a
  /// table of the weeks.
  static func text(_ page: ControlPlayerPage) -> String {
    let games = page.games
    var lines = ["\(PlayerName.printable(page.name)): \(games) game\(games == 1 ? "" : "s") kept"]
    if let reaction = page.progress?.reaction {
      lines[0] +=
        "; reaction \(reaction.medianMilliseconds) ms median, \(reaction.bestMilliseconds) ms best"
        + " (\(reaction.presses) presses)"
    }
    let weeks = page.progress?.weeks ?? []
    guard !weeks.isEmpty else { return lines[0] }
    var table = TextTable([
      ("week of", .left), ("games", .right), ("best round", .right), ("best points", .right),
      ("median reaction", .right),
    ])
    for week in weeks {
      table.rows.append([
        week.week, "\(week.games)", "\(week.bestRounds)", "\(week.bestPoints)",
        week.reaction.map { "\($0.medianMilliseconds) ms" } ?? "-",
      ])
    }
    return (lines + [""] + table.lines()).joined(separator: "\n")
  }

  /// The JSON of `--json`.
  private struct Stats: Encodable {
    var name: String
    var registered: Bool
    var games: Int
    var progress: ControlProgress?
  }
}
