import FoundationEssentials
import SimonControl
import SimonGame
import SimonScores
import Testing

@Suite("The control protocol's requests")
struct ControlRequestTests {
  /// One of each request, and each way of writing one.
  static let everyAction: [ControlRequest.Action] = [
    .status, .signIn(["Ann", "Bob"]), .signOut, .team("Owls"),
    .set(key: "mode", value: "coop"), .reset(key: "volume"), .reset(key: nil),
    .nameGame(id: 12, name: "Ann"), .nameLatest(name: "Ann", count: 2), .resetScores, .reload,
    .recent(count: 200), .recent(count: 1), .tables, .players, .player(name: "Ann"),
    .nameEntry(game: 12), .matchChallenge(cabinet: "bar-2"),
    .matchOffer(Challenge(id: "m1", rival: Rival(cabinet: "bar-2", player: "ANNA"), seed: 42)),
    .matchAnswer(match: "m1", .accepted, player: "BO"),
    .matchAnswer(match: "m1", .declined(.anotherMatch), player: nil),
    .matchAnswer(match: "m1", .lapsed, player: nil),
    .matchAnswer(match: "m1", .abandoned, player: nil),
    .matchStart(match: "m1", atMilliseconds: 1_764_400_000_000),
    .matchRival(match: "m1", HeadToHead.Side(rounds: 4, points: 12)),
    .matchRival(
      match: "m1", HeadToHead.Side(rounds: 4, points: 12, outAfter: .milliseconds(31_250))),
    .matchRivalLost(match: "m1"), .matchSync, .matches(count: 5),
    .matchCabinets(["bar-2", "bar-3"]), .venue(name: "the-arcade"), .daily(date: nil),
    .daily(date: "2026-11-29"),
  ]

  @Test(arguments: everyAction)
  func readsBackWhatItWrites(_ action: ControlRequest.Action) throws {
    let request = ControlRequest(id: .number(5), action: action)
    #expect(try ControlRequest(line: String(request.line.dropLast())) == request)
  }

  @Test func everyRequestOfTheTableIsWrittenAndReadBackAbove() throws {
    let written = Self.everyAction.map { action in
      ControlRequest(id: .number(1), action: action).line
    }
    let names = written.compactMap { line in
      line.firstMatch(of: /"request":"([a-z-]+)"/).map { String($0.1) }
    }
    #expect(Set(names) == Set(ControlRequest.names))
    #expect(ControlRequest.names.count == Set(ControlRequest.names).count, "each name once")
  }

  @Test func theReadOnlyRequestsAndNameEntryOnTheWire() throws {
    #expect(
      ControlRequest(id: .number(1), action: .tables).line == #"{"id":1,"request":"tables"}"# + "\n"
    )
    #expect(
      ControlRequest(id: .number(2), action: .players).line
        == #"{"id":2,"request":"players"}"# + "\n")
    #expect(
      ControlRequest(id: .number(3), action: .player(name: "ANNA")).line
        == #"{"id":3,"name":"ANNA","request":"player"}"# + "\n")
    #expect(
      ControlRequest(id: .number(4), action: .nameEntry(game: 12)).line
        == #"{"game":12,"id":4,"request":"name-entry"}"# + "\n")
  }

  @Test func theMatchRequestsOnTheWire() throws {
    #expect(
      ControlRequest(
        id: .number(1),
        action: .matchOffer(
          Challenge(id: "m1", rival: Rival(cabinet: "bar-2", player: "ANNA"), seed: 0xc0ffee))
      ).line
        == #"{"cabinet":"bar-2","id":1,"match":"m1","player":"ANNA","request":"match-offer","seed":"0000000000c0ffee"}"#
        + "\n")
    #expect(
      ControlRequest(
        id: .number(2),
        action: .matchRival(
          match: "m1", HeadToHead.Side(rounds: 3, points: 9, outAfter: .milliseconds(20_500)))
      ).line
        == #"{"id":2,"match":"m1","out_after_ms":20500,"points":9,"request":"match-rival","rounds":3}"#
        + "\n")
    #expect(
      ControlRequest(
        id: .number(3), action: .matchAnswer(match: "m1", .declined(.busy), player: nil)
      )
      .line
        == #"{"answer":"declined","id":3,"match":"m1","reason":"busy","request":"match-answer"}"#
        + "\n")
  }

  @Test func matchNewsReadsBackWhatItWrites() throws {
    let news: [MatchNews] = [
      .challenge(
        Challenge(id: "m1", rival: Rival(cabinet: "bar-2", player: ""), seed: .max), player: "ANNA"),
      .answer(match: "m1", .accepted, player: "BO"),
      .answer(match: "m1", .declined(.busy), player: "Player"),
      .progress(match: "m1", rival: "bar-2", HeadToHead.Side(rounds: 2, points: 6)),
      .progress(
        match: "m1", rival: "bar-2", HeadToHead.Side(rounds: 2, points: 6, outAfter: .seconds(12))),
      .decided(match: "m1", rival: "bar-2", .won),
    ]
    for item in news {
      let line = ControlMessage.match(item, t: 7).line
      #expect(try ControlMessage(line: String(line.dropLast())) == .match(item, t: 7), "\(line)")
    }
    #expect(
      ControlMessage.match(.decided(match: "m1", rival: "bar-2", .draw), t: 7).line
        == #"{"match":{"cabinet":"bar-2","match":"m1","news":"decided","outcome":"draw"},"t":7}"#
        + "\n")
  }

  @Test func theMatchesReplyHoldsEachGameAsTheMatchBookWritesIt() throws {
    let result = GameResult(
      points: 9, rounds: 3, mode: .classic, difficulty: .medium, name: "ANNA",
      members: ["ANNA"], ending: .mistake, duration: .seconds(20))
    let game = MatchGame(
      record: GameRecord(
        id: 1, result: result, startedAt: Date(timeIntervalSince1970: 0),
        endedAt: Date(timeIntervalSince1970: 20)),
      match: HeadToHeadRecord(
        match: "m1", rival: Rival(cabinet: "bar-2", player: "BO"), outcome: nil))
    let line = ControlMessage.ok(.number(1), ControlResult(matches: [game])).line
    #expect(
      line.hasPrefix(
        #"{"ok":1,"result":{"matches":[{"game":{"difficulty":"medium","duration_ms":20000,"#))
    #expect(
      line.contains(#""match":"m1","outcome":null,"rival":{"cabinet":"bar-2","player":"BO"}}]"#))
    #expect(
      try ControlMessage(line: String(line.dropLast()))
        == .ok(.number(1), ControlResult(matches: [game])))
  }

  @Test func theVenueAndDailyRequestsOnTheWire() throws {
    #expect(
      ControlRequest(id: .number(1), action: .venue(name: "the-arcade")).line
        == #"{"id":1,"name":"the-arcade","request":"venue"}"# + "\n")
    #expect(
      ControlRequest(id: .number(2), action: .daily(date: nil)).line
        == #"{"id":2,"request":"daily"}"# + "\n")
    #expect(
      ControlRequest(id: .number(3), action: .daily(date: "2026-11-29")).line
        == #"{"date":"2026-11-29","id":3,"request":"daily"}"# + "\n")
  }

  @Test func aVenueNameOfUpTo64BytesIsTakenAsItIs() throws {
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"venue","name":"The Arcade"}"#)
        == ControlRequest(id: .number(1), action: .venue(name: "The Arcade")))
    let longest = String(repeating: "é", count: 32)
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"venue","name":""# + longest + #""}"#).action
        == .venue(name: longest))
  }

  @Test func dailyWithoutADateAsksForEveryDateAndWithOneForThatDate() throws {
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"daily"}"#).action == .daily(date: nil))
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"daily","date":null}"#).action
        == .daily(date: nil))
    #expect(
      try ControlRequest(line: #"{"id":"d","request":"daily","date":"2026-11-29"}"#)
        == ControlRequest(id: .text("d"), action: .daily(date: "2026-11-29")))
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"daily","date":"2024-02-29"}"#).action
        == .daily(date: "2024-02-29"), "a leap day")
  }

  /// A day's game as the daemon tells it: 0 points in round 0, timed out.
  static let dailyResult = GameResult(
    points: 0, rounds: 0, mode: .classic, difficulty: .medium, name: "Player",
    members: ["Player"], ending: .timeout, duration: .seconds(3), daily: "2026-11-29")

  @Test func aGameOverOfTheDaysChallengeCarriesItsDateAndNoRecord() throws {
    let message = ControlMessage.gameOver(
      ControlGameOver(record: nil, result: Self.dailyResult, rank: 1, newBest: false), t: 42)
    #expect(
      message.line
        == #"{"game_over":{"daily":"2026-11-29","difficulty":"medium","ending":"timeout","mode":"classic","name":"Player","new_best":false,"points":0,"rank":1,"rounds":0},"t":42}"#
        + "\n")
    let read = try ControlMessage(line: String(message.line.dropLast()))
    #expect(read == message)
    guard case .gameOver(let over, _) = read else {
      Issue.record("not a game over: \(read)")
      return
    }
    #expect(over.daily == "2026-11-29" && over.record == nil && over.rank == 1)
  }

  @Test func aGameOverOfAnyOtherGameHasNoDailyMember() throws {
    var result = Self.dailyResult
    result.daily = nil
    let message = ControlMessage.gameOver(
      ControlGameOver(record: nil, result: result, rank: nil, newBest: false), t: 42)
    #expect(!message.line.contains("daily"), "\(message.line)")
    let read = try ControlMessage(line: String(message.line.dropLast()))
    #expect(read == message)
    if case .gameOver(let over, _) = read { #expect(over.daily == nil) }
  }

  @Test func theStateCarriesTheDaysDateAndNullWithoutOne() throws {
    var view = CabinetView(
      phase: .player, mode: .classic, difficulty: .medium, level: nil, round: 2, points: 3,
      players: ["Player"], turn: nil, out: [], signedIn: [], team: nil, countdown: nil,
      menu: nil, codeEntered: nil, daily: "2026-11-29")
    let line = ControlMessage.state(view, t: 5).line
    #expect(line.contains(#""daily":"2026-11-29""#), "\(line)")
    #expect(try ControlMessage(line: String(line.dropLast())) == .state(view, t: 5))
    view.daily = nil
    let none = ControlMessage.state(view, t: 6).line
    #expect(none.contains(#""daily":null"#), "\(none)")
    #expect(try ControlMessage(line: String(none.dropLast())) == .state(view, t: 6))
    let older = none.replacing(#""daily":null,"#, with: "")
    #expect(!older.contains("daily"), "a simond of an earlier release")
    #expect(try ControlMessage(line: String(older.dropLast())) == .state(view, t: 6))
  }

  @Test func theDailyReplyHoldsEachDateWithItsGamesAndEachGameKnowsItsDate() throws {
    var undated = Self.dailyResult
    undated.daily = nil
    undated.points = 6
    undated.rounds = 2
    let record = GameRecord(
      id: 3, result: undated, startedAt: Date(timeIntervalSince1970: 0),
      endedAt: Date(timeIntervalSince1970: 20))
    let reply = ControlMessage.ok(
      .number(1),
      ControlResult(daily: [
        DailyBook.Day(date: "2026-11-29", games: [record]),
        DailyBook.Day(date: "2026-11-28", games: []),
      ]))
    let line = reply.line
    #expect(
      line
        == #"{"ok":1,"result":{"daily":[{"date":"2026-11-29","games":[{"difficulty":"medium","duration_ms":3000,"ended":"1970-01-01T00:00:20.000Z","ending":"timeout","id":3,"members":["Player"],"mode":"classic","name":"Player","points":6,"rounds":2,"started":"1970-01-01T00:00:00.000Z"}]},{"date":"2026-11-28","games":[]}]}}"#
        + "\n")
    var dated = record
    dated.result.daily = "2026-11-29"
    #expect(
      try ControlMessage(line: String(line.dropLast()))
        == .ok(
          .number(1),
          ControlResult(daily: [
            DailyBook.Day(date: "2026-11-29", games: [dated]),
            DailyBook.Day(date: "2026-11-28", games: []),
          ])))
  }

  @Test func aDailyReplyWithADateThatIsNoneIsNoMessage() throws {
    let line = #"{"ok":1,"result":{"daily":[{"date":"2026-02-30","games":[]}]}}"#
    #expect(
      throws: ControlRequestError("unreadable line from simond: \(line.prefix(80))", id: nil)
    ) {
      try ControlMessage(line: line)
    }
  }

  @Test func aNullMemberIsAMissingOne() throws {
    #expect(
      try ControlRequest(
        line:
          #"{"id":1,"request":"match-rival","match":"m1","rounds":2,"points":6,"out_after_ms":null}"#
      ).action == .matchRival(match: "m1", HeadToHead.Side(rounds: 2, points: 6)))
    #expect(
      try ControlRequest(
        line:
          #"{"id":1,"request":"match-answer","match":"m1","answer":"lapsed","reason":null,"player":null}"#
      ).action == .matchAnswer(match: "m1", .lapsed, player: nil))
  }

  @Test func recentListsAsManyGamesAsItMayWithoutACount() throws {
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"recent"}"#).action
        == .recent(count: ControlRequest.maximumRecent))
  }

  @Test func aSettingsValueMayBeANumberOrABoolean() throws {
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"set","key":"volume","value":35}"#).action
        == .set(key: "volume", value: "35"))
    #expect(
      try ControlRequest(line: #"{"id":"x","request":"set","key":"sound","value":false}"#)
        == ControlRequest(id: .text("x"), action: .set(key: "sound", value: "false")))
  }

  @Test(arguments: [
    ("[]", "not a JSON object: a request is {\"id\":1,\"request\":\"status\"}", false),
    (#"{"request":"status"}"#, "missing \"id\": every request carries one", false),
    (#"{"id":1.5,"request":"status"}"#, "\"id\" must be a whole number or a string", false),
    (
      #"{"id":1}"#,
      "missing \"request\": one of status, sign-in, sign-out, team, set, reset, name, name-latest, reset-scores, reload, recent, tables, players, player, name-entry, match-challenge, match-offer, match-answer, match-start, match-rival, match-rival-lost, match-sync, match-cabinets, matches, venue, daily",
      true
    ),
    (
      #"{"id":1,"request":"dance"}"#,
      "unknown request \"dance\"; requests are: status, sign-in, sign-out, team, set, reset, name, name-latest, reset-scores, reload, recent, tables, players, player, name-entry, match-challenge, match-offer, match-answer, match-start, match-rival, match-rival-lost, match-sync, match-cabinets, matches, venue, daily",
      true
    ),
    (
      #"{"id":1,"request":"status","x":1}"#,
      "unknown member \"x\" in status; it takes nothing more", true
    ),
    (#"{"id":1,"request":"sign-in","players":"Ann"}"#, "\"players\" must be a list of names", true),
    (
      #"{"id":1,"request":"name","game":"7","name":"Ann"}"#, "\"game\" must be a whole number", true
    ),
    (
      #"{"id":1,"request":"name-latest","name":"Ann","count":0}"#, "\"count\" is from 1 to 1000",
      true
    ),
    (#"{"id":1,"request":"recent","count":201}"#, "\"count\" is from 1 to 200", true),
    (
      #"{"id":1,"request":"reset","key":"mode","all":true}"#,
      "reset takes \"key\" or \"all\":true, not both", true
    ),
    (
      #"{"id":1,"request":"tables","mode":"classic"}"#,
      "unknown member \"mode\" in tables; it takes nothing more", true
    ),
    (#"{"id":1,"request":"player"}"#, "\"name\" must be a string", true),
    (#"{"id":1,"request":"player","name":["Ann"]}"#, "\"name\" must be a string", true),
    (#"{"id":1,"request":"name-entry","game":"7"}"#, "\"game\" must be a whole number", true),
    (
      #"{"id":1,"request":"name-entry","game":7,"name":"Ann"}"#,
      "unknown member \"name\" in name-entry; it takes game", true
    ),
    (
      #"{"id":1,"request":"match-challenge","cabinet":"bar/2"}"#,
      "\"cabinet\": a cabinet id has only ASCII letters, digits, \".\", \"_\" and \"-\"", true
    ),
    (
      #"{"id":1,"request":"match-offer","match":"m1","cabinet":"b","player":"A","seed":"12"}"#,
      "\"seed\" must be 16 hexadecimal digits, like \"00c0ffee00c0ffee\"", true
    ),
    (
      #"{"id":1,"request":"match-answer","match":"m1","answer":"declined"}"#,
      "\"answer\" is accepted, lapsed, abandoned, or declined with \"reason\" busy or another-match",
      true
    ),
    (
      #"{"id":1,"request":"match-answer","match":"m1","answer":"accepted","reason":"busy"}"#,
      "\"answer\" is accepted, lapsed, abandoned, or declined with \"reason\" busy or another-match",
      true
    ),
    (
      #"{"id":1,"request":"match-rival","match":"m1","rounds":-1,"points":0}"#,
      "\"rounds\" is from 0 to 1000000, \"points\" from 0 to 1000000000", true
    ),
    (
      #"{"id":1,"request":"match-rival-lost","match":""}"#, "\"match\": a match id cannot be empty",
      true
    ),
    (#"{"id":1,"request":"match-start","match":"m1"}"#, "\"at_ms\" must be a whole number", true),
    (
      #"{"id":1,"request":"match-start","match":"m1","at_ms":-9223372036854775808}"#,
      "\"at_ms\" is from 0 to 9007199254740992", true
    ),
    (
      #"{"id":1,"request":"match-cabinets","cabinets":["bar 2"]}"#,
      "\"cabinets\": a cabinet id has only ASCII letters, digits, \".\", \"_\" and \"-\"", true
    ),
    (#"{"id":1,"request":"venue","name":""}"#, "\"name\": a venue's name cannot be empty", true),
    (
      #"{"id":1,"request":"venue","name":""# + String(repeating: "v", count: 65) + #""}"#,
      "\"name\": a venue's name has at most 64 bytes", true
    ),
    (
      #"{"id":1,"request":"venue","name":"the\narcade"}"#,
      "\"name\": a venue's name has no control character", true
    ),
    (#"{"id":1,"request":"venue"}"#, "\"name\" must be a string", true),
    (#"{"id":1,"request":"venue","name":7}"#, "\"name\" must be a string", true),
    (
      #"{"id":1,"request":"venue","name":"the-arcade","date":"2026-11-29"}"#,
      "unknown member \"date\" in venue; it takes name", true
    ),
    (
      #"{"id":1,"request":"daily","date":"2026-02-30"}"#,
      "\"date\": the date 2026-02-30 has no day 30 in its month", true
    ),
    (
      #"{"id":1,"request":"daily","date":"today"}"#,
      "\"date\": the date \"today\" is not written YYYY-MM-DD", true
    ),
    (#"{"id":1,"request":"daily","date":20261129}"#, "\"date\" must be a string", true),
    (
      #"{"id":1,"request":"daily","venue":"the-arcade"}"#,
      "unknown member \"venue\" in daily; it takes date", true
    ),
  ])
  func aBadLineSaysWhatIsWrong(_ line: String, _ message: String, _ hasID: Bool) {
    #expect(throws: ControlRequestError(message, id: hasID ? .number(1) : nil)) {
      try ControlRequest(line: line)
    }
  }
}
