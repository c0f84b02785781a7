import FoundationEssentials
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

@testable import SimonVenue

@Suite("This cabinet's own records and what the broker holds of them")
struct OwnRecordsTests {
  private func own(_ sequence: Int, name: String = "Player") -> VenueRecord {
    VenueRecord(
      cabinet: "c", sequence: sequence,
      game: record(sequence, points: 10, minute: sequence, name: name))
  }

  @Test("before the probe comes back nothing is missing; after it, what the broker did not deliver")
  func missingAfterTheProbe() {
    var records = OwnRecords()
    for sequence in 1...4 { records.know(own(sequence)) }
    let probe = records.connected()
    let first = records.arrived(own(1))
    let third = records.arrived(own(3))
    #expect(first == .same && third == .same)
    #expect(records.missing().isEmpty, "the broker may still be delivering")
    let stray = records.echoed(Array("another".utf8))
    #expect(!stray, "not this connection's probe")
    let back = records.echoed(Array(probe.utf8))
    #expect(back)
    #expect(records.missing() == [own(2), own(4)])
  }

  @Test("a record published on this connection is held; a new connection knows nothing held")
  func publishedAndReconnected() {
    var records = OwnRecords()
    records.know(own(1))
    records.know(own(2))
    let probe = records.connected()
    records.published(own(2))
    _ = records.echoed(Array(probe.utf8))
    #expect(records.missing() == [own(1)])
    let next = records.connected()
    #expect(next != probe)
    _ = records.echoed(Array(next.utf8))
    #expect(records.missing() == [own(1), own(2)])
  }

  @Test("a copy that is not the cabinet's record is told, with the cabinet's own")
  func forgedCopy() {
    var records = OwnRecords()
    records.know(own(1))
    let probe = records.connected()
    var forged = own(1)
    forged.game.result.points = 999_999
    let copy = records.arrived(forged)
    #expect(copy == .differs(ours: own(1)))
    let unknown = records.arrived(own(7))
    #expect(unknown == .unknown)
    _ = records.echoed(Array(probe.utf8))
    #expect(records.missing() == [own(1)], "the broker holds the forgery, not the cabinet's")
  }

  @Test("a record learnt after its copy arrived is compared with it")
  func learntLate() {
    var records = OwnRecords()
    let probe = records.connected()
    let first = records.arrived(own(1))
    let second = records.arrived(own(2, name: "Mallory"))
    #expect(first == .unknown && second == .unknown)
    _ = records.echoed(Array(probe.utf8))
    // simond answers after the broker: game 1 is held as sent, game 2 is not.
    records.know(own(1))
    records.know(own(2))
    #expect(records.missing() == [own(2)])
  }

  @Test("the cabinet's records in the venue's tables count too, the latest kept are bounded")
  func tablesAndBound() {
    var records = OwnRecords()
    for sequence in 1...(OwnRecords.kept + 5) { records.know(own(sequence)) }
    #expect(records.known.count == OwnRecords.kept)
    #expect(records.known[5] == nil && records.known[6] != nil)
    let probe = records.connected()
    for sequence in 6...(OwnRecords.kept + 5) { _ = records.arrived(own(sequence)) }
    _ = records.echoed(Array(probe.utf8))
    #expect(records.missing(also: [own(2)]) == [own(2)], "a table's game older than those kept")
  }
}
