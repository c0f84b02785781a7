import FoundationEssentials
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

@Suite("The venue's matches: both sides of each, merged")
struct VenueMatchTests {
  private func side(
    _ cabinet: String, _ match: String, rival: String, outcome: HeadToHead.Outcome?,
    endedAt seconds: Double, points: Int = 9
  ) -> VenueMatch {
    let result = GameResult(
      points: points, rounds: 3, mode: .classic, difficulty: .medium, name: "ANNA",
      members: ["ANNA"], ending: .mistake, duration: .seconds(20))
    return VenueMatch(
      cabinet: cabinet,
      game: MatchGame(
        record: GameRecord(
          id: 1, result: result, startedAt: Date(timeIntervalSince1970: seconds - 20),
          endedAt: Date(timeIntervalSince1970: seconds)),
        match: HeadToHeadRecord(
          match: match, rival: Rival(cabinet: rival, player: "BO"), outcome: outcome)))
  }

  @Test func aSideReadsBackWhatItPublishesAndABadOneSaysWhy() throws {
    let published = side("cab-a", "m1", rival: "cab-b", outcome: .won, endedAt: 1_795_289_825)
    #expect(try VenueMatch(payload: published.payload) == published)
    let text = String(decoding: published.payload, as: UTF8.self)
    do {
      _ = try VenueMatch(
        payload: Array(text.replacingOccurrences(of: "\"m1\"", with: "\"m/1\"").utf8))
      Issue.record("a match id with a slash was read")
    } catch {
      #expect(
        error.message == "match: a match id has only ASCII letters, digits, \".\", \"_\" and \"-\"")
    }
  }

  @Test func theLaterSideReplacesTheEarlierAndEachMatchIsListedOnceNewestFirst() {
    var book = VenueMatchBook()
    let merged1 = book.merge(side("cab-a", "m1", rival: "cab-b", outcome: nil, endedAt: 100))
    #expect(merged1)
    let merged2 = book.merge(side("cab-b", "m1", rival: "cab-a", outcome: .lost, endedAt: 101))
    #expect(merged2)
    let merged3 = book.merge(side("cab-a", "m2", rival: "cab-c", outcome: .draw, endedAt: 300))
    #expect(merged3)
    let merged4 = book.merge(side("cab-a", "m1", rival: "cab-b", outcome: nil, endedAt: 100))
    #expect(!merged4)
    let merged5 = book.merge(side("cab-a", "m1", rival: "cab-b", outcome: .won, endedAt: 100))
    #expect(merged5)
    #expect(book.sides.count == 3)
    #expect(book.matches.map { $0.map(\.cabinet) } == [["cab-a"], ["cab-a", "cab-b"]])
    #expect(book.matches[1][0].game.match.outcome == .won)
    // A third cabinet claiming a place in m1, between cab-a and cab-b: refused.
    let intruder = side("cab-c", "m1", rival: "cab-a", outcome: .won, endedAt: 102)
    #expect(book.contradicts(intruder))
    let taken = book.merge(intruder)
    #expect(!taken && book.sides.count == 3)
  }
}
