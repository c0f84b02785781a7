import FoundationEssentials
import Logging
import ServiceLifecycle
import SimonControl
import SimonGame
import SimonScores

/// Carries out the control socket's requests, one at a time in the order they came,
/// each validated with the rules of docs/design.md sections 3-6 and answered exactly once; who
/// asked (their uid) goes into the log with every change.
struct ControlService: Service {
  let server: ControlServer
  let context: CabinetContext

  func run() async throws {
    await cancelWhenGracefulShutdown {
      for await asked in server.requests {
        let reply = await answer(asked)
        server.reply(reply, to: asked.peer)
      }
    }
  }

  private func answer(_ asked: ControlServer.Asked) async -> ControlMessage {
    let id = asked.request.id
    do {
      return .ok(id, try await carryOut(asked.request.action, by: asked.peer.uid))
    } catch let refusal as Refusal {
      return .error(refusal.message, id: id, reason: refusal.reason)
    } catch {
      return .error("\(error)", id: id, reason: ControlRefusalReason(for: error))
    }
  }

  /// How many registered names name entry offers before "new name".
  static let nameEntryChoices = 10

  /// Hands the runner name entry for a record: the latest recorded, in its table's top
  /// ten, played without signing in (the rule of the `name` request); the runner then
  /// checks it is the game the cabinet shows at game over.
  private func beginNameEntry(_ game: Int) async throws {
    let book = try context.archive.scores.load()
    let problem = book.namingProblem(game: game)
    if let problem, case .noSuchGame = problem { throw problem }
    if let latest = book.recent.last?.id, latest != game {
      throw Refusal(
        reason: .conflict,
        message:
          "game \(game) is not the latest game recorded (\(latest) is); names are entered at the cabinet only for the game just played"
      )
    }
    if let problem { throw problem }
    let players = try context.archive.players.list().map(\.name)
    let entry = NameEntry(
      game: game, rank: book.rank(of: game) ?? ScoreBook.tableSize,
      choices: book.byLatestGame(players, limit: Self.nameEntryChoices),
      alphabet: PlayerName.padAlphabet, maximumLength: PlayerName.maximumLength)
    try await context.runner.enterName(entry)
  }

  /// A player's page: a registered player, or a name games were recorded under.
  private func playerPage(_ name: String) throws -> ControlPlayerPage {
    try PlayerStore.check(name)
    let registered = try context.archive.players.player(named: name)
    guard let found = try context.archive.scores.load().player(named: name, registered: registered)
    else {
      throw Refusal(
        reason: .notFound,
        message:
          "no player named \(PlayerName.quoted(name)) is registered or has a game kept (simonctl players list)"
      )
    }
    return ControlPlayerPage(found)
  }

  /// How far ahead a match's start may be: the game's own wait for it
  /// (`Timings.matchStartWait`).
  static let longestStartLead = Int(Timings.matchStartWait.components.seconds) * 1000

  /// A rival's player: a name the name rules allow, or "Player" (nobody signed in there).
  /// - Throws: `PlayerError.invalidName`.
  static func checkRival(_ name: String) throws {
    guard name != Cabinet.unnamedPlayer else { return }
    try PlayerStore.check(name)
  }

  /// How late a match's start may come and still start (at once): the rival has started
  /// then, and a match started late is better than one abandoned.
  static let latestStart = 1000

  /// Why a challenge cannot be taken, in a sentence.
  static func describe(_ refusal: DeclineReason, challenging: Bool) -> String {
    switch refusal {
    case .busy:
      "the cabinet is busy (a game, a show, the menu or a held pad); challenge between games"
    case .anotherMatch:
      "another challenge is open at this cabinet; it must end first"
    }
  }

  /// A request turned down, in the words of the rule it breaks.
  private struct Refusal: Error {
    var reason: ControlRefusalReason
    var message: String
  }

  private func carryOut(_ action: ControlRequest.Action, by uid: UInt32) async throws
    -> ControlResult
  {
    let runner = context.runner
    let archive = context.archive
    let who = "uid \(uid == UInt32.max ? "unknown" : String(uid))"
    switch action {
    case .status:
      return ControlResult(snapshot: server.snapshot)

    case .signIn(let names):
      var seated: [String] = []
      for name in names {
        guard let player = try archive.players.player(named: name) else {
          throw Refusal(
            reason: .notFound,
            message:
              "no player named \(PlayerName.quoted(name)); register them first (simonctl players add NAME)"
          )
        }
        if seated.contains(where: { PlayerName.same($0, player.name) }) {
          throw Refusal(
            reason: .invalid, message: "\(PlayerName.quoted(player.name)) is given twice")
        }
        seated.append(player.name)
      }
      let settings = await runner.settings
      if let problem = settings.rosterProblem(count: seated.count) {
        throw Refusal(reason: .invalid, message: "players: \(problem)")
      }
      await runner.seat(seated)
      context.logger.info(
        "\(who) signed in \(seated.isEmpty ? "nobody" : seated.map(PlayerName.quoted).joined(separator: ", "))"
      )
      return ControlResult(players: seated, team: await runner.cabinet.teamName)

    case .signOut:
      await runner.seat([])
      context.logger.info("\(who) signed everyone out")
      return ControlResult(players: [], team: await runner.cabinet.teamName)

    case .team(let name):
      try PlayerStore.check(name)
      await runner.nameTeam(name)
      context.logger.info("\(who) named the team \(PlayerName.quoted(name))")
      return ControlResult(players: await runner.cabinet.playerNames, team: name)

    case .set(let keyName, let value):
      guard let key = SettingKey(name: keyName) else {
        throw Refusal(
          reason: .invalid,
          message:
            "unknown setting \"\(keyName.prefix(32))\"; settings are: \(SettingKey.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      let config = context.config
      try archive.settingsStore.set(
        key, to: value, base: config.settings, playable: config.playable)
      let inForce = await context.refreshSettings()
      context.logger.info("\(who) set \(key.rawValue) = \(key.value(in: inForce.values))")
      return ControlResult(settings: ControlSettings(inForce))

    case .reset(let keyName):
      if let keyName {
        guard let key = SettingKey(name: keyName) else {
          throw Refusal(reason: .invalid, message: "unknown setting \"\(keyName.prefix(32))\"")
        }
        try archive.settingsStore.reset(key)
        context.logger.info("\(who) reset \(key.rawValue) to the configuration's")
      } else {
        try archive.settingsStore.reset()
        context.logger.info("\(who) reset every setting to the configuration's")
      }
      return ControlResult(settings: ControlSettings(await context.refreshSettings()))

    case .nameGame(let game, let name):
      let record = try context.nameGame(game, as: name, by: who)
      await runner.named([record.id])
      return ControlResult(records: [record])

    case .nameEntry(let game):
      try await beginNameEntry(game)
      context.logger.info("\(who) began name entry at the cabinet for game \(game)")
      return ControlResult()

    case .nameLatest(let name, let count):
      let spelled = try archive.players.player(named: name)?.name ?? name
      let records = try archive.scores.nameLatest(spelled, count: count)
      guard !records.isEmpty else {
        throw Refusal(
          reason: .notFound, message: "no recent game is recorded as \"\(PlayerName.unnamed)\"")
      }
      context.tell(.scoresChanged(.named))
      await runner.named(records.map(\.id))
      context.logger.info(
        "\(who) named \(records.count) game(s) \(PlayerName.quoted(spelled))")
      return ControlResult(records: records)

    case .resetScores:
      try archive.scores.reset()
      await runner.apply(bests: [:])
      context.tell(.scoresChanged(.reset))
      context.logger.notice("\(who) deleted every score and recent game")
      return ControlResult()

    case .recent(let count):
      return ControlResult(records: Array(try archive.scores.load().recent.suffix(count)))

    case .tables:
      return ControlResult(tables: ControlTable.all(of: try archive.scores.load()))

    case .players:
      let names = try archive.players.list().map(\.name)
      let histories = try archive.scores.load().histories(of: names)
      return ControlResult(
        registered: names.map {
          ControlPlayerSummary(name: $0, history: histories[$0] ?? PlayerHistory(games: []))
        })

    case .player(let name):
      return ControlResult(player: try playerPage(name))

    case .matchChallenge(let cabinet):
      var random = SystemRandomNumberGenerator()
      let challenge = Challenge(
        id: String(random.next(), radix: 36), rival: Rival(cabinet: cabinet, player: ""),
        seed: random.next())
      if let refusal = await runner.challenge(challenge) {
        throw Refusal(reason: .conflict, message: Self.describe(refusal, challenging: true))
      }
      context.logger.info("\(who) challenged cabinet \(cabinet): match \(challenge.id)")
      return ControlResult(match: challenge.id)

    case .matchOffer(let challenge):
      try Self.checkRival(challenge.rival.player)
      await runner.offer(challenge)
      return ControlResult(match: challenge.id)

    case .matchAnswer(let match, let answer, let player):
      if let player { try Self.checkRival(player) }
      if answer != .accepted {
        context.logger.info(
          "match \(match): the rival \(answer.wireName)\(answer.reason.map { " (\($0.rawValue))" } ?? "")"
        )
      }
      await runner.answered(match, answer, player: player)
      return ControlResult(match: match)

    case .matchStart(let match, let at):
      let ahead = at - Int(Date().timeIntervalSince1970 * 1000)
      guard (-Self.latestStart...Self.longestStartLead).contains(ahead) else {
        throw Refusal(
          reason: .invalid,
          message: ahead < 0
            ? "\"at_ms\" is \(-ahead) ms in the past: a match starts at most \(Self.latestStart) ms late (are both cabinets' clocks set? timedatectl)"
            : "\"at_ms\" is \(ahead) ms ahead: a match starts within \(Self.longestStartLead) ms")
      }
      if ahead < 0 {
        context.logger.warning(
          "match \(match): its start came \(-ahead) ms late (a clock behind the rival's, or a slow network): it starts now"
        )
      }
      guard await runner.startMatch(match, after: .milliseconds(ahead)) else {
        throw Refusal(
          reason: .notFound, message: "no match \(match) is agreed here and waiting for its start")
      }
      return ControlResult(match: match)

    case .matchRival(let match, let side):
      await runner.rivalProgressed(match, side)
      return ControlResult(match: match)

    case .matchRivalLost(let match):
      await runner.rivalLost(match)
      return ControlResult(match: match)

    case .matchSync:
      await runner.askMatchSides()
      return ControlResult()

    case .matchCabinets(let cabinets):
      await runner.setChallengeable(cabinets)
      return ControlResult()

    case .matches(let count):
      return ControlResult(matches: Array(try archive.matches.load().games.suffix(count)))

    case .venue(let name):
      await runner.setVenue(name)
      return ControlResult()

    case .daily(let date):
      let days = try archive.daily.load().days.reversed()
      guard date == nil else { return ControlResult(daily: days.filter { $0.date == date }) }
      // Every date: without the reaction times, past what a client may leave unread.
      return ControlResult(daily: days.map(\.withoutReactions))

    case .reload:
      context.logger.info("\(who) asked for a reload")
      do {
        return ControlResult(settings: ControlSettings(try await context.reload()))
      } catch {
        throw Refusal(
          reason: .invalid,
          message:
            "the configuration has \(error.problems.count) problem(s); the one in force stays: "
            + error.problems.map(\.description).joined(separator: "; "))
      }
    }
  }
}
