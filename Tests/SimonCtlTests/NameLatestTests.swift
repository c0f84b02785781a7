import ScoresTestSupport
import SimonScores
import Testing

@Suite final class NameLatestTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  @Test func namesTheLatestUnnamedGames() async throws {
    defer { directory.remove() }
    try record([game(10, 1), game(20, 2), game(30, 3, "Bob"), game(40, 4)], in: directory)
    _ = try await ctl(["players", "add", "Alice", "--code", "1111"], in: directory)
    #expect(
      try await ctl(["name-latest", "alice", "--count", "2"], in: directory)
        == Finished(
          status: 0,
          output: """
            Named the classic / medium game of 2026-11-21 19:44 (40 points) Alice.
            Named the classic / medium game of 2026-11-21 19:40 (20 points) Alice.

            """, error: ""))
    let names = try ScoreStore(directory: directory.path).load().recent.map(\.result.name)
    #expect(names == ["Player", "Alice", "Bob", "Alice"])
    #expect(
      try await ctl(["name-latest", "Carol"], in: directory).output
        == "Named the classic / medium game of 2026-11-21 19:38 (10 points) Carol.\n")
    #expect(
      try await ctl(["name-latest", "Carol"], in: directory)
        == Finished(
          status: 1, output: "", error: "Error: no recent game is recorded as \"Player\"\n"))
  }

  @Test func refusesBadNames() async throws {
    defer { directory.remove() }
    try record([game(10, 1)], in: directory)
    #expect(
      try await ctl(["name-latest", "Player"], in: directory)
        == Finished(
          status: 65, output: "",
          error:
            "Error: 'Player' is not a valid name: \"Player\" and \"Player N\" are kept for players without a name\n"
        ))
    #expect(try await ctl(["name-latest", "Al", "--count", "0"], in: directory).status == 64)
  }
}
