import Foundation
import ScoresTestSupport
import SimonScores
import Testing

@Suite final class PlayersCommandTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  @Test func addListCodeRemove() async throws {
    defer { directory.remove() }
    #expect(
      try await ctl(["players"], in: directory)
        == Finished(
          status: 0, output: "No players registered in \(directory.path).\n", error: ""))
    #expect(
      try await ctl(["players", "add", "Zoë", "--code", "green red red blue"], in: directory)
        == Finished(
          status: 0, output: "Added Zoë with the pad code green red red blue.\n", error: ""))
    #expect(
      try await ctl(["players", "add", "al", "--code", "4321"], in: directory).status == 0)
    #expect(
      try await ctl(["players", "list"], in: directory).output == """
        name  pad code
        al    blue yellow red green
        Zoë   green red red blue

        """)
    #expect(
      try await ctl(["players", "list", "--json"], in: directory).output == """
        {
          "players" : [
            {
              "code" : "blue yellow red green",
              "name" : "al"
            },
            {
              "code" : "green red red blue",
              "name" : "Zoë"
            }
          ]
        }

        """)
    #expect(
      try await ctl(["players", "code", "ZOË"], in: directory).output == "Zoë: green red red blue\n"
    )
    #expect(
      try await ctl(["players", "code", "zoë", "yellow", "yellow", "red", "red"], in: directory)
        .output
        == "Zoë: yellow yellow red red\n")
    #expect(
      try await ctl(["players", "remove", "AL"], in: directory)
        == Finished(status: 0, output: "Removed al.\n", error: ""))
    #expect(try PlayerStore(directory: directory.path).list().map(\.name) == ["Zoë"])
  }

  @Test func aNewPlayerGetsAFreeCode() async throws {
    defer { directory.remove() }
    let finished = try await ctl(["players", "add", "Alice"], in: directory)
    #expect(finished.status == 0)
    let code = try #require(try PlayerStore(directory: directory.path).player(named: "alice")?.code)
    #expect(finished.output == "Added Alice with the pad code \(code).\n")
  }

  @Test(arguments: [
    ("", "'' is not a valid name: a name is 1 to 16 characters long"),
    ("   ", "'   ' is not a valid name: a name is never blank"),
    (" Al", "' Al' is not a valid name: a name does not start or end with a space"),
    (
      "Al\u{1B}[2J",
      "'Al\\u{1B}[2J' is not a valid name: a name has only letters, digits, spaces and - _ . '"
    ),
    ("Bob\u{3164}", "'Bob\\u{3164}' is not a valid name: a name has no invisible characters"),
    (
      "Alice<b>",
      "'Alice<b>' is not a valid name: a name has only letters, digits, spaces and - _ . '"
    ),
    (
      "Abcdefghijklmnopq",
      "'Abcdefghijklmnopq' is not a valid name: a name is 1 to 16 characters long"
    ),
    (
      "player 2",
      "'player 2' is not a valid name: \"Player\" and \"Player N\" are kept for players without a name"
    ),
  ])
  func refusesBadNamesWithTheRule(_ name: String, _ message: String) async throws {
    defer { directory.remove() }
    #expect(
      try await ctl(["players", "add", name], in: directory)
        == Finished(status: 65, output: "", error: "Error: \(message)\n"))
    #expect(try PlayerStore(directory: directory.path).list().isEmpty)
  }

  @Test func refusesTakenNamesAndCodesAndUnknownPlayers() async throws {
    defer { directory.remove() }
    _ = try await ctl(["players", "add", "Alice", "--code", "1111"], in: directory)
    #expect(
      try await ctl(["players", "add", "ALICE"], in: directory)
        == Finished(
          status: 65, output: "",
          error:
            "Error: a player named 'Alice' exists already: names are unique, ignoring case and letters that look alike\n"
        ))
    #expect(
      try await ctl(["players", "add", "Bob", "--code", "green green green green"], in: directory)
        == Finished(
          status: 65, output: "",
          error: "Error: the code green green green green belongs to 'Alice'; codes are unique\n"))
    #expect(
      try await ctl(["players", "add", "Bob", "--code", "1 2 3"], in: directory)
        == Finished(
          status: 65, output: "",
          error: "Error: '1 2 3' is not a pad code: a code is 4 presses, not 3\n"))
    #expect(
      try await ctl(["players", "remove", "Bob"], in: directory)
        == Finished(status: 1, output: "", error: "Error: no player named 'Bob'\n"))
    #expect(
      try await ctl(["players", "code", "Bob"], in: directory)
        == Finished(status: 1, output: "", error: "Error: no player named 'Bob'\n"))
    #expect(try await ctl(["players", "add"], in: directory).status == 64)
  }

  @Test func statsShowAPlayersWeeksAndReactionTimesInTextAndJSON() async throws {
    defer { directory.remove() }
    _ = try await ctl(["players", "add", "Zoë", "--code", "1234"], in: directory)
    let store = ScoreStore(directory: directory.path)
    let week: Double = 7 * 86_400
    for (points, rounds, reactions, weeks) in [
      (40, 4, [[500], [450, 400]], 0.0), (90, 9, [[300, 320]], 1.0), (20, 2, [[600]], 1.0),
    ] {
      var result = game(points, rounds, "ZOË")
      result.reactions = reactions.map { $0.map { .milliseconds($0) } }
      let start = time(0).addingTimeInterval(weeks * week)
      try store.record(result, startedAt: start, endedAt: start.addingTimeInterval(60))
    }
    try store.record(game(5, 1, "Bob"), startedAt: time(0), endedAt: time(1))
    #expect(
      try await ctl(["players", "stats", "zoë"], in: directory)
        == Finished(
          status: 0,
          output: """
            Zoë: 3 games kept; reaction 425 ms median, 300 ms best (6 presses)

            week of     games  best round  best points  median reaction
            2026-11-16      1           4           40           450 ms
            2026-11-23      2           9           90           320 ms

            """, error: ""))
    let json = try await ctl(["players", "stats", "Zoë", "--json"], in: directory)
    #expect(json.status == 0)
    #expect(json.output.contains(#""best_rounds" : 9"#))
    #expect(!json.output.contains("median_by_turn_ms"), "one game's figure, not a player's")
    let decoded = try JSONDecoder().decode(StatsJSON.self, from: Data(json.output.utf8))
    #expect(decoded.name == "Zoë")
    #expect(decoded.registered)
    #expect(decoded.games == 3)
    #expect(decoded.progress.weeks.map(\.week) == ["2026-11-16", "2026-11-23"])
    #expect(decoded.progress.reaction?.presses == 6)
    #expect(decoded.progress.reaction?.medianMilliseconds == 425)
    #expect(
      try await ctl(["players", "stats", "Bob"], in: directory).output
        == "Bob: 1 game kept\n\nweek of     games  best round  best points  median reaction\n"
        + "2026-11-16      1           1            5                -\n",
      "a name games were recorded under, without reaction times")
    #expect(
      try await ctl(["players", "stats", "Zed"], in: directory)
        == Finished(
          status: 1, output: "",
          error:
            "Error: No player named 'Zed' is registered or has a game kept in \(directory.path).\n")
    )
  }

  private struct StatsJSON: Decodable {
    struct Progress: Decodable {
      struct Week: Decodable { var week: String }
      struct Reaction: Decodable {
        var presses: Int
        var medianMilliseconds: Int
        enum CodingKeys: String, CodingKey {
          case presses
          case medianMilliseconds = "median_ms"
        }
      }
      var weeks: [Week]
      var reaction: Reaction?
    }
    var name: String
    var registered: Bool
    var games: Int
    var progress: Progress
  }

  @Test func manySimonctlsAtOnceLoseNoPlayer() async throws {
    defer { directory.remove() }
    let children = (0..<12).map {
      ChildProcess("simonctl", ["players", "add", "P\($0)", "--state-dir", directory.path])
    }
    for child in children { #expect(try await child.wait().status == 0) }
    #expect(try PlayerStore(directory: directory.path).list().count == 12)
  }
}
