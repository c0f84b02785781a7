import Foundation
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

@Suite("A venue record on the wire")
struct VenueRecordTests {
  @Test("a record reads back as it was written")
  func roundTrip() throws {
    let sent = VenueRecord(
      cabinet: "cab.1_b-2", sequence: 42, game: record(7, points: 120, name: "Ann"))
    #expect(try VenueRecord(payload: sent.payload) == sent)
  }

  private static let game = record(1, points: 1).json
  private static let hostile = record(1, points: 1, name: "\u{1B}[2Jhi").json

  @Test(
    "a bad record is refused with what and where",
    arguments: [
      ("{", "not JSON"),
      (#"{"cabinet": "a/b", "sequence": 1, "game": \#(game)}"#, "cabinet: a cabinet id has only"),
      (#"{"cabinet": "a", "sequence": 1}"#, "missing \"game\""),
      (
        #"{"cabinet": "a", "sequence": 9007199254740992, "game": \#(game)}"#,
        "sequence: 9007199254740992 is out of range"
      ),
      (
        #"{"cabinet": "a", "sequence": 1, "game": \#(hostile)}"#,
        "game: name '\\u{1B}[2Jhi': a name has only"
      ),
    ])
  func refused(payload: String, expected: String) {
    #expect {
      try VenueRecord(payload: Array(payload.utf8))
    } throws: { error in
      "\(error)".contains(expected)
    }
  }
}
