import FoundationEssentials
import SimonGame
import SimonScores
import Testing

@Suite("The outbox")
struct OutboxTests {
  @Test("each game is numbered once; the same game told again is not taken again")
  func numbersOnce() {
    var outbox = Outbox()
    #expect(
      outbox.take(record(1, points: 10), cabinet: "c")
        == .queued(VenueRecord(cabinet: "c", sequence: 1, game: record(1, points: 10))))
    #expect(outbox.take(record(1, points: 10), cabinet: "c") == .alreadyTaken)
    guard case .queued(let second) = outbox.take(record(2, points: 30, minute: 1), cabinet: "c")
    else {
      Issue.record("the second game was not queued")
      return
    }
    #expect(second.sequence == 2)
    #expect(outbox.pending.map(\.sequence) == [1, 2])
    #expect(outbox.gamesTaken == 2)
    #expect(outbox.lastPoints == 30)
    #expect(outbox.bestPoints == 30)
  }

  @Test("a cabinet whose numbering restarted (its score file lost) still gets new numbers")
  func numberingRestart() {
    var outbox = Outbox()
    _ = outbox.take(record(1, points: 10, minute: 0), cabinet: "c")
    let again = outbox.take(record(1, points: 20, minute: 5), cabinet: "c")
    #expect(
      again
        == .queued(VenueRecord(cabinet: "c", sequence: 2, game: record(1, points: 20, minute: 5))))
  }

  @Test("an acknowledged record leaves the outbox; an unknown acknowledgement changes nothing")
  func acknowledge() {
    var outbox = Outbox()
    for id in 1...3 { _ = outbox.take(record(id, points: id, minute: id), cabinet: "c") }
    let first = outbox.acknowledge(VenueRecord.Key(cabinet: "c", sequence: 2))
    let second = outbox.acknowledge(VenueRecord.Key(cabinet: "c", sequence: 2))
    #expect(first && !second)
    #expect(outbox.pending.map(\.sequence) == [1, 3])
  }

  @Test("past the remembered window, older games are not taken again")
  func window() {
    var outbox = Outbox()
    for id in 1...(Outbox.remembered + 10) {
      _ = outbox.take(record(id, points: 1, minute: id), cabinet: "c")
    }
    #expect(outbox.taken.count == Outbox.remembered)
    #expect(outbox.take(record(3, points: 1, minute: 3), cabinet: "c") == .alreadyTaken)
  }

  @Test("the outbox file survives a reread with everything in it")
  func storeRoundTrip() throws {
    let store = OutboxStore(directory: scratchDirectory())
    let taken = try store.take(
      [record(1, points: 5), record(2, points: 9, minute: 1)], cabinet: "cab-1")
    #expect(taken.count == 2)
    try store.acknowledge([VenueRecord.Key(cabinet: "cab-1", sequence: 1)])
    let outbox = try store.load()
    #expect(outbox.pending.map(\.sequence) == [2])
    #expect(outbox.nextSequence == 3)
    #expect(outbox.taken.count == 2)
    #expect(outbox.bestPoints == 9)
  }
}
