import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonStateFiles
import Testing

@Suite("The match book: a cabinet's head-to-head games, in a file of their own")
struct MatchStoreTests {
  private func matchGame(points: Int) -> (GameResult, HeadToHeadRecord) {
    var result = game(points: points, rounds: 3, name: "ANNA", ending: .timeout)
    let match = HeadToHeadRecord(
      match: "m\(points)", rival: Rival(cabinet: "bar-2", player: "BO"), outcome: nil)
    result.headToHead = match
    return (result, match)
  }

  @Test func recordsAMatchGameAndAmendsItsOutcomeOnce() throws {
    let directory = TemporaryDirectory("matches", onDisk: true)
    defer { directory.remove() }
    let store = MatchStore(directory: directory.path)
    let (result, match) = matchGame(points: 9)
    let stored = try store.record(result, match: match, startedAt: time(0), endedAt: time(1))
    #expect(stored.record.id == 1 && stored.match.outcome == nil)
    #expect(try store.decide("m9", .won)?.match.outcome == .won)
    #expect(try store.decide("m9", .lost) == nil, "a decision stands")
    #expect(try store.decide("nope", .won) == nil)
    let text = String(decoding: contents(store.path) ?? [], as: UTF8.self)
    #expect(
      text == """
        {
          "version": 1,
          "next_id": 2,
          "games": [
            {"match": "m9", "rival": {"cabinet": "bar-2", "player": "BO"}, "outcome": "won", "game": {"id": 1, "points": 9, "rounds": 3, "mode": "classic", "difficulty": "medium", "name": "ANNA", "members": ["ANNA"], "ending": "timeout", "started": "2026-11-21T19:37:05.000Z", "ended": "2026-11-21T19:38:05.000Z", "duration_ms": 12345}}
          ]
        }

        """)
    let book = try store.load()
    #expect(book.games.map(\.match.outcome) == [.won])
    #expect(book.games[0].record.result.name == "ANNA")
  }

  @Test func keepsTheLatestGamesOnly() throws {
    var book = MatchBook()
    for points in 0..<(MatchBook.limit + 3) {
      let (result, match) = matchGame(points: points)
      _ = book.insert(result, match: match, startedAt: time(0), endedAt: time(1))
    }
    #expect(book.games.count == MatchBook.limit)
    #expect(book.games.first?.record.id == 4 && book.nextID == MatchBook.limit + 4)
  }

  @Test func aDamagedMatchFileIsSetAsideAndTheScoresAreNotTouched() throws {
    let directory = TemporaryDirectory("matches", onDisk: true)
    defer { directory.remove() }
    let problems = Problems()
    let store = MatchStore(directory: directory.path, onProblem: problems.handler)
    put(#"{"version": 1, "next_id": 1, "games": [{"match": "a/b"}]}"#, at: store.path)
    #expect(try store.load().games.isEmpty)
    #expect(problems.all.count == 1)
    #expect(names(in: directory.path).contains { $0.hasPrefix("matches.json.corrupt") })
    #expect(!names(in: directory.path).contains("scores.json"))
  }
}
