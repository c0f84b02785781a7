import ArgumentParser
import FoundationEssentials
import SimonControl
import SimonGame
import SimonPOSIX
import SimonScores
import SimonStateFiles
import SimonVenueStore

/// `simonctl daily`: the table of the day's challenge, this cabinet's or the venue's.
struct DailyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "daily",
    abstract: "Show the table of the day's challenge: today's, or another date's.",
    discussion: """
      The day's challenge is one sequence for every cabinet of the venue each day, \
      played from the menu's challenge page (docs/playing.md, "The day's challenge"). \
      Each date has its own table, best first: more points, then more rounds, then the \
      earlier game. The last 31 dates are kept. Read from daily.json in the state \
      directory; with --venue, every cabinet's games as the venue bridge (simon-venue) \
      merged them, with the cabinet of each game.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions

  @Option(
    help: ArgumentHelp(
      "The date to show, YYYY-MM-DD. Default: today, by this machine's clock and time zone.",
      valueName: "date"))
  var date: String?

  @Flag(help: "List the dates that have a table, newest first, instead of a table.")
  var dates = false

  @OptionGroup var venueOptions: VenueOptions

  func validate() throws {
    if let date, let problem = DailyChallenge.dateProblem(date) {
      throw ValidationError("--date: \(problem).")
    }
    if dates && date != nil { throw ValidationError("--dates lists every date; --date picks one.") }
  }

  func run() throws {
    try Output.run {
      if venueOptions.venue { return try showVenue() }
      let stores = try Stores(common: common)
      let book = try DailyStore(directory: stores.directory, onProblem: Output.warn).load()
      if dates { return Self.printDates(book.days.reversed().map(\.date), in: stores.directory) }
      let shown = date ?? Self.today
      let games = book.table(shown)
      guard !games.isEmpty else {
        print("No game of the day's challenge on \(shown) in \(stores.directory).")
        return
      }
      Self.printTable(shown, games.map { (cabinet: nil, game: $0) })
    }
  }

  private func showVenue() throws {
    let directory = venueOptions.directory
    let book = try VenueDailyStore(directory: directory, onProblem: Output.warn).load()
    if dates { return Self.printDates(book.dates, in: directory) }
    let shown = date ?? Self.today
    let entries = book.table(shown)
    guard !entries.isEmpty else {
      print(
        "No venue game of the day's challenge on \(shown) in \(directory).\(venueOptions.nothingHint)"
      )
      return
    }
    Self.printTable(shown, entries.map { (cabinet: $0.cabinet, game: $0.game) })
  }

  /// Today's date here, as simond reads it for the day's challenge.
  static var today: String {
    POSIX.localTime(epochSeconds: Int(Date().timeIntervalSince1970)).isoDate
  }

  private static func printDates(_ dates: [String], in directory: String) {
    guard !dates.isEmpty else {
      print("No game of the day's challenge in \(directory).")
      return
    }
    for date in dates { print(date) }
  }

  private static func printTable(_ date: String, _ games: [(cabinet: String?, game: GameRecord)]) {
    print("The day's challenge, \(date) (classic, \(DailyChallenge.difficulty.rawValue)):")
    let venue = games.contains { $0.cabinet != nil }
    var table = TextTable(
      [("#", .right), ("player", .left)] + (venue ? [("cabinet", .left)] : [])
        + [("points", .right), ("rounds", .right), ("ended", .left)])
    table.rows = games.enumerated().map { index, entry in
      let result = entry.game.result
      return [String(index + 1), PlayerName.printable(result.name)]
        + (venue ? [entry.cabinet ?? ""] : [])
        + [
          String(result.points), String(result.rounds), Timestamps.localMinute(entry.game.endedAt),
        ]
    }
    for line in table.lines() { print(line) }
  }
}
