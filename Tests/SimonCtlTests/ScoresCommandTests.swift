import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

@Suite final class ScoresCommandTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  func seed() throws {
    try record(
      [
        game(40, 4, "Alice"), game(90, 8), game(40, 5, "Bob"),
        game(15, 2, "Team", mode: .coop, members: ["Ann", "Bo"], ending: .timeout),
        game(7, 1, "Bob", difficulty: .hard, ending: .shutdown),
      ], in: directory)
  }

  @Test func saysSoWhenThereAreNoGames() async throws {
    defer { directory.remove() }
    #expect(
      try await ctl(["scores"], in: directory)
        == Finished(status: 0, output: "No games recorded in \(directory.path).\n", error: ""))
    #expect(
      try await ctl(["scores", "--recent"], in: directory).output
        == "No games recorded in \(directory.path).\n")
  }

  @Test func printsEveryTableForPeople() async throws {
    defer { directory.remove() }
    try seed()
    let finished = try await ctl(["scores"], in: directory)
    #expect(finished.status == 0)
    #expect(finished.error == "")
    #expect(
      finished.output == """
        classic / medium
          #  points  rounds  name    date              ending
          1      90       8  Player  2026-11-21 19:40  mistake
          2      40       5  Bob     2026-11-21 19:42  mistake
          3      40       4  Alice   2026-11-21 19:38  mistake

        classic / hard
          #  points  rounds  name  date              ending
          1       7       1  Bob   2026-11-21 19:46  shutdown

        coop / medium
          #  points  rounds  name            date              ending
          1      15       2  Team (Ann, Bo)  2026-11-21 19:44  timeout

        """)
  }

  @Test func filtersByModeAndDifficulty() async throws {
    defer { directory.remove() }
    try seed()
    #expect(
      try await ctl(["scores", "--difficulty", "hard"], in: directory).output == """
        classic / hard
          #  points  rounds  name  date              ending
          1       7       1  Bob   2026-11-21 19:46  shutdown

        levels / hard
          no games yet

        coop / hard
          no games yet

        player-adds / hard
          no games yet

        directional / hard
          no games yet

        """)
    let bad = try await ctl(["scores", "--mode", "chess"], in: directory)
    #expect(bad.status == 64)
    #expect(bad.error.hasPrefix("Error: The value 'chess' is invalid for '--mode <mode>'"))
  }

  @Test func listsRecentGamesNewestFirst() async throws {
    defer { directory.remove() }
    try seed()
    #expect(
      try await ctl(["scores", "--recent", "--count", "3"], in: directory).output == """
        date              mode     difficulty  points  rounds  time  ending    name
        2026-11-21 19:46  classic  hard             7       1  1:05  shutdown  Bob
        2026-11-21 19:44  coop     medium          15       2  1:05  timeout   Team (Ann, Bo)
        2026-11-21 19:42  classic  medium          40       5  1:05  mistake   Bob

        """)
  }

  @Test func printsStableJSON() async throws {
    defer { directory.remove() }
    try record([game(90, 8, "Alice")], in: directory)
    let tables = try await ctl(["scores", "--json"], in: directory)
    #expect(
      tables.output == """
        {
          "tables" : [
            {
              "difficulty" : "medium",
              "mode" : "classic",
              "top" : [
                {
                  "difficulty" : "medium",
                  "duration_ms" : 65000,
                  "ended" : "2026-11-21T19:38:05.000Z",
                  "ending" : "mistake",
                  "id" : 1,
                  "members" : [
                    "Alice"
                  ],
                  "mode" : "classic",
                  "name" : "Alice",
                  "points" : 90,
                  "rounds" : 8,
                  "started" : "2026-11-21T19:37:05.000Z"
                }
              ]
            }
          ]
        }

        """)
    let recent = try await ctl(["scores", "--recent", "--json"], in: directory)
    #expect(
      recent.output.hasPrefix("{\n  \"recent\" : [\n    {\n      \"difficulty\" : \"medium\","))
  }

  @Test func resetRefusesWithoutATerminalOrYes() async throws {
    defer { directory.remove() }
    try seed()
    #expect(
      try await ctl(["scores", "reset"], in: directory)
        == Finished(
          status: 64, output: "",
          error:
            "Error: not resetting the scores without confirmation: run it on a terminal, or add --yes\n"
        ))
    #expect(try ScoreStore(directory: directory.path).load().recent.count == 5)
    #expect(
      try await ctl(["scores", "reset", "--yes"], in: directory)
        == Finished(status: 0, output: "Deleted every high score and recent game.\n", error: ""))
    #expect(try ScoreStore(directory: directory.path).load().recent.isEmpty)
  }

  @Test func resetAsksOnATerminal() async throws {
    defer { directory.remove() }
    try seed()
    let path = directory.file("scores.json")
    let terminal = Terminal()
    terminal.type("n")
    #expect(
      try await ctl(["scores", "reset"], in: directory, input: terminal.device)
        == Finished(
          status: 1, output: "",
          error:
            "Delete every high score and recent game in \(path)? [y/N] Error: the scores were not reset\n"
        ))
    #expect(try ScoreStore(directory: directory.path).load().recent.count == 5)
    terminal.type("yes")
    #expect(
      try await ctl(["scores", "reset"], in: directory, input: terminal.device)
        == Finished(
          status: 0, output: "Deleted every high score and recent game.\n",
          error: "Delete every high score and recent game in \(path)? [y/N] "))
    #expect(try ScoreStore(directory: directory.path).load().recent.isEmpty)
  }
}
