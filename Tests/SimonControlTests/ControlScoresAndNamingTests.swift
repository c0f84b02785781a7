import FoundationEssentials
import SimonControl
import SimonGame
import SimonScores
import Testing

@Suite("The control protocol's tables, players and name entry")
struct ControlScoresAndNamingTests {
  static func record(_ id: Int, points: Int, name: String = "ANNA") -> GameRecord {
    GameRecord(
      id: id,
      result: GameResult(
        points: points, rounds: 3, mode: .classic, difficulty: .medium, name: name,
        members: [name], ending: .mistake, duration: .milliseconds(20_000)),
      startedAt: Date(timeIntervalSince1970: 1_795_289_825),
      endedAt: Date(timeIntervalSince1970: 1_795_289_845))
  }

  static let naming = NamingView(
    game: 12, rank: 1, mode: .classic, difficulty: .medium, points: 140,
    choices: ["ANNA", "BOB"], choice: nil, spelled: "AB", letter: "C",
    alphabet: Array("ABC"), maximumLength: 16, timeout: .seconds(20))

  static let view = CabinetView(
    phase: .gameover, mode: .classic, difficulty: .medium, level: nil, round: 14,
    points: 140, players: ["Player"], turn: nil, out: [], signedIn: [], team: nil,
    countdown: nil, menu: nil, codeEntered: nil, naming: naming)

  @Test(arguments: [
    ControlMessage.ok(
      .number(1),
      ControlResult(tables: [
        ControlTable(
          mode: .classic, difficulty: .medium,
          records: [record(2, points: 140), record(1, points: 90)])
      ])),
    .ok(.number(2), ControlResult(tables: [])),
    .ok(
      .number(3),
      ControlResult(registered: [
        ControlPlayerSummary(name: "ANNA", games: 12, bestPoints: 140),
        ControlPlayerSummary(name: "BOB", games: 0, bestPoints: nil),
      ])),
    .ok(
      .number(4),
      ControlResult(
        player: ControlPlayerPage(
          name: "ANNA", registered: true, games: 2, bests: [record(2, points: 140)],
          recent: [record(2, points: 140), record(1, points: 90)]))),
    .state(view, t: 5),
  ])
  func readsBackWhatItWrites(_ message: ControlMessage) throws {
    #expect(try ControlMessage(line: String(message.line.dropLast())) == message, "\(message.line)")
  }

  @Test func theNamingStateOnTheWire() {
    let line = ControlMessage.state(Self.view, t: 5).line
    #expect(
      line.contains(
        #""naming":{"alphabet":"ABC","choice":null,"choices":["ANNA","BOB"],"difficulty":"medium","game":12,"letter":"C","max_length":16,"mode":"classic","points":140,"rank":1,"spelled":"AB","timeout_ms":20000}"#
      ), "\(line)")
    var choosing = Self.view
    choosing.naming?.choice = 0
    choosing.naming?.letter = nil
    choosing.naming?.spelled = ""
    let choosingLine = ControlMessage.state(choosing, t: 5).line
    #expect(choosingLine.contains(#""choice":0,"#))
    #expect(choosingLine.contains(#""letter":null,"#))
    var outside = Self.view
    outside.naming = nil
    #expect(ControlMessage.state(outside, t: 5).line.contains(#""naming":null"#))
  }

  @Test func aStateWithoutNamingFromAnOlderSimondStillReads() throws {
    var outside = Self.view
    outside.naming = nil
    let line = ControlMessage.state(outside, t: 5).line.replacing(#","naming":null"#, with: "")
    #expect(!line.contains("naming"))
    #expect(try ControlMessage(line: line) == .state(outside, t: 5))
  }

  @Test func theRepliesOnTheWire() {
    let players = ControlMessage.ok(
      .number(3),
      ControlResult(registered: [ControlPlayerSummary(name: "ANNA", games: 12, bestPoints: 140)])
    ).line
    #expect(
      players
        == #"{"ok":3,"result":{"registered":[{"best_points":140,"games":12,"name":"ANNA"}]}}"#
        + "\n")
    let record = Self.record(2, points: 140)
    let recent = ControlMessage.ok(.number(5), ControlResult(records: [record])).line
    let recordJSON = String(
      recent.dropFirst(#"{"ok":5,"result":{"records":["#.count).dropLast("]}}\n".count))
    let tables = ControlMessage.ok(
      .number(1),
      ControlResult(tables: [ControlTable(mode: .classic, difficulty: .medium, records: [record])])
    ).line
    #expect(
      tables
        == #"{"ok":1,"result":{"tables":[{"difficulty":"medium","mode":"classic","records":["#
        + recordJSON + "]}]}}\n",
      "a table's records are written as the recent reply writes them")
    let page = ControlMessage.ok(
      .number(4),
      ControlResult(
        player: ControlPlayerPage(
          name: "ANNA", registered: false, games: 1, bests: [record], recent: [record]))
    ).line
    #expect(
      page
        == #"{"ok":4,"result":{"player":{"bests":["# + recordJSON
        + #"],"games":1,"name":"ANNA","recent":["# + recordJSON + #"],"registered":false}}}"#
        + "\n")
  }

  @Test func aPageOfAPlayerHoldsTheirBestsAndAtMostTwentyOfTheirLatestGames() {
    let games = (1...25).reversed().map { Self.record($0, points: $0 * 10) }
    let page = ControlPlayerPage(
      FoundPlayer(name: "ANNA", registered: true, history: PlayerHistory(games: games)))
    #expect(page.games == 25)
    #expect(page.progress?.weeks.map(\.games).reduce(0, +) == 25, "every kept game has its week")
    #expect(page.recent.map(\.id) == Array((6...25).reversed()))
    #expect(page.bests.map(\.id) == [25])
    let summary = ControlPlayerSummary(name: "ANNA", history: PlayerHistory(games: games))
    #expect(summary == ControlPlayerSummary(name: "ANNA", games: 25, bestPoints: 250))
  }
}
