import ArgumentParser
import SimonControl
import SimonGame
import SimonPOSIX
import SimonScores
import SimonStateFiles
import SimonVenueStore

/// `simonctl match`: head-to-head matches with another cabinet of the venue.
struct MatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "match",
    abstract: "Challenge another cabinet of the venue, or list this cabinet's matches.",
    discussion: """
      A match is two cabinets playing the same sequence at the same instant; the last \
      one standing wins (docs/playing.md, "A match"). The venue bridge (simon-venue) \
      carries it between the cabinets over the venue's broker.
      """,
    subcommands: [MatchChallenge.self, MatchList.self])
}

/// `simonctl match challenge CABINET`: a player here challenges another cabinet.
struct MatchChallenge: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "challenge",
    abstract: "Challenge another cabinet of the venue to a match, and wait for its answer.",
    discussion: """
      The pads here chase round while the other cabinet shows the challenge; a player \
      there accepts it with a press within 30 s. Both games then start at the same \
      instant. Needs simond running here, a cabinet between games, and the venue \
      bridge running on both cabinets. Exits 0 when the match started, 1 when it was \
      declined or lapsed.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions
  @OptionGroup var socket: ControlSocketOption

  @Argument(help: ArgumentHelp("The other cabinet's id in the venue.", valueName: "cabinet"))
  var cabinet: String

  @Flag(help: "Do not wait for the answer: print the match's id and return.")
  var noWait = false

  func validate() throws {
    if let problem = VenueID.problem(cabinet, naming: "a cabinet id") {
      throw ValidationError("\(problem).")
    }
  }

  /// The longest wait for the match to start: the challenge's life and the start's.
  static let longestWait = Timings.challengeAnswer + Timings.challengeGrace + Timings.matchStartWait

  func run() throws {
    try Output.run {
      guard case .live(let client) = try DaemonRoute.find(common: common, socket: socket) else {
        throw Refusal(
          message: "simond is not running: a match is played on a running cabinet",
          code: ExitStatus.unavailable)
      }
      let result = try DaemonRoute.ask(client, .matchChallenge(cabinet: cabinet))
      let match = result.match ?? "?"
      print("Challenged \(cabinet) (match \(match)); a player there accepts with a press.")
      guard !noWait else { return }
      try follow(client, match: match)
    }
  }

  /// Prints the answer as the cabinet's state tells it, until the match starts or ends.
  private func follow(_ client: ControlClient, match: String) throws {
    let deadline = MonotonicClock().now.advanced(by: Self.longestWait + .seconds(2))
    var agreed = false
    while true {
      let message: ControlMessage
      do {
        message = try client.next(before: deadline)
      } catch {
        throw Refusal(message: error.message, code: ExitStatus.unavailable)
      }
      if case .match(.answer(match, let answer, _), _) = message, answer != .accepted {
        throw Refusal(
          message: "the challenge was \(Self.describe(answer)) here", code: ExitStatus.declined)
      }
      guard case .state(let view, _) = message else { continue }
      let shown = view.headToHead.flatMap { $0.match == match ? $0 : nil }
      switch shown?.state {
      case .agreed? where !agreed:
        agreed = true
        print("\(PlayerName.printable(shown!.rival.player)) at \(cabinet) accepted: get ready.")
      case .playing?, .rivalLost?:
        print("The match has started.")
        return
      case nil:
        throw Refusal(
          message: "\(cabinet) declined the challenge, or it lapsed (see simond's log)",
          code: ExitStatus.declined)
      default:
        continue
      }
    }
  }

  private static func describe(_ answer: ChallengeAnswer) -> String {
    switch answer {
    case .accepted: "accepted"
    case .declined(let reason): "declined (\(reason.rawValue))"
    case .lapsed: "not answered in time"
    case .abandoned: "abandoned before its start"
    }
  }
}

/// `simonctl match list`: the matches this cabinet played.
struct MatchList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the matches this cabinet played, newest first.",
    discussion: """
      Read from matches.json in the state directory: each match's game here, the rival \
      and the outcome ("?" while it is not known: the rival is still playing or was \
      lost from sight). With --venue: every match of the venue, both sides, as the \
      venue bridge (simon-venue) merged them.

      \(ExitStatus.help)
      """)

  @OptionGroup var common: CommonOptions

  @Option(help: ArgumentHelp("How many matches to list.", valueName: "n"))
  var count = 20

  @OptionGroup var venueOptions: VenueOptions

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1.") }
  }

  func run() throws {
    try Output.run {
      if venueOptions.venue { return try listVenue() }
      let book = try Stores(common: common).matches.load()
      guard !book.games.isEmpty else {
        print("No match has been played here.")
        return
      }
      var table = TextTable([
        ("ended", .left), ("player", .left), ("points", .right), ("rounds", .right),
        ("rival", .left), ("outcome", .left),
      ])
      table.rows = book.games.suffix(count).reversed().map { game in
        [
          Timestamps.localMinute(game.record.endedAt),
          PlayerName.printable(game.record.result.name),
          String(game.record.result.points), String(game.record.result.rounds),
          "\(PlayerName.printable(game.match.rival.player)) at \(game.match.rival.cabinet)",
          game.match.outcome?.rawValue ?? "?",
        ]
      }
      for line in table.lines() { print(line) }
    }
  }

  /// The venue's matches, newest first: each side's player, cabinet, points and rounds,
  /// and who won.
  private func listVenue() throws {
    let directory = venueOptions.directory
    let book = try VenueMatchStore(directory: directory, onProblem: Output.warn).load()
    guard !book.sides.isEmpty else {
      print("No venue matches in \(directory).")
      return
    }
    var table = TextTable([("ended", .left), ("sides", .left), ("outcome", .left)])
    table.rows = book.matches.prefix(count).map { sides in
      let ended = sides.map(\.game.record.endedAt).max()!
      let shown = sides.map { side in
        "\(PlayerName.printable(side.game.record.result.name)) at \(side.cabinet) "
          + "\(side.game.record.result.points) pts"
      }
      return [
        Timestamps.localMinute(ended), shown.joined(separator: " vs "), Self.outcome(of: sides),
      ]
    }
    for line in table.lines() { print(line) }
  }

  /// Who won, from whichever side knows: "ANNA at bar-1 won", "draw", or "?".
  static func outcome(of sides: [VenueMatch]) -> String {
    for side in sides {
      guard let outcome = side.game.match.outcome else { continue }
      let rival = side.game.match.rival
      switch outcome {
      case .won:
        return "\(PlayerName.printable(side.game.record.result.name)) at \(side.cabinet) won"
      case .lost: return "\(PlayerName.printable(rival.player)) at \(rival.cabinet) won"
      case .draw: return "draw"
      }
    }
    return "?"
  }
}
