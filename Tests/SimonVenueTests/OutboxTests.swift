import FoundationEssentials
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

@Suite("The outbox")
struct OutboxTests {
  @Test("each game is numbered once; the same game told again is not taken again")
  func numbersOnce() {
    var outbox = Outbox()
    #expect(
      outbox.take(record(1, points: 10), cabinet: "c")
        == .queued(VenueRecord(cabinet: "c", sequence: 1, game: record(1, points: 10))))
    #expect(
      outbox.take(record(1, points: 10), cabinet: "c")
        == .alreadyTaken(
          sentAs: VenueRecord(cabinet: "c", sequence: 1, game: record(1, points: 10))))
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
    let sent = VenueRecord(cabinet: "c", sequence: 2, game: record(2, points: 2, minute: 2))
    let first = outbox.acknowledge(sent)
    let second = outbox.acknowledge(sent)
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
    #expect(
      outbox.take(record(3, points: 1, minute: 3), cabinet: "c") == .alreadyTaken(sentAs: nil))
  }

  @Test("the outbox file survives a reread with everything in it")
  func storeRoundTrip() throws {
    let store = OutboxStore(directory: scratchDirectory())
    let taken = try store.take(
      [record(1, points: 5), record(2, points: 9, minute: 1)], cabinet: "cab-1")
    #expect(taken.count == 2)
    try store.acknowledge([VenueRecord(cabinet: "cab-1", sequence: 1, game: record(1, points: 5))])
    let outbox = try store.load()
    #expect(outbox.pending.map(\.sequence) == [2])
    #expect(outbox.nextSequence == 3)
    #expect(outbox.taken.count == 2)
    #expect(outbox.taken.map(\.sequence) == [1, 2])
    #expect(outbox.taken.map(\.name) == ["Player", "Player"])
    #expect(outbox.bestPoints == 9)
    // Read back, the outbox still knows the game it sent as "Player".
    let named = try store.take([record(1, points: 5, name: "Ada")], cabinet: "cab-1")
    #expect(
      named == [
        .renamed(
          VenueRecord(cabinet: "cab-1", sequence: 1, game: record(1, points: 5, name: "Ada")))
      ])
  }

  @Test("a game sent as \"Player\" and named since is queued again under its number, once")
  func renamed() {
    var outbox = Outbox()
    _ = outbox.take(record(1, points: 10), cabinet: "c")
    _ = outbox.take(record(2, points: 20, minute: 1), cabinet: "c")
    let sent = VenueRecord(cabinet: "c", sequence: 2, game: record(2, points: 20, minute: 1))
    let acknowledged = outbox.acknowledge(sent)
    #expect(acknowledged)
    let named = VenueRecord(
      cabinet: "c", sequence: 2, game: record(2, points: 20, minute: 1, name: "Ada"))
    #expect(outbox.take(named.game, cabinet: "c") == .renamed(named))
    #expect(
      outbox.pending.map(\.key)
        == [named.key, VenueRecord.Key(cabinet: "c", sequence: 1)].reversed())
    #expect(outbox.take(named.game, cabinet: "c") == .alreadyTaken(sentAs: named), "named once")
    #expect(outbox.nextSequence == 3, "no new number")
    #expect(outbox.gamesTaken == 2)
  }

  @Test(
    "a game named while its unnamed version waits replaces it; that version's late acknowledgement keeps it"
  )
  func renamedWhileWaiting() {
    var outbox = Outbox()
    _ = outbox.take(record(1, points: 10), cabinet: "c")
    let sent = VenueRecord(cabinet: "c", sequence: 1, game: record(1, points: 10))
    let named = VenueRecord(cabinet: "c", sequence: 1, game: record(1, points: 10, name: "Ada"))
    #expect(outbox.take(named.game, cabinet: "c") == .renamed(named))
    #expect(outbox.pending == [named])
    let lateAcknowledgement = outbox.acknowledge(sent)
    #expect(!lateAcknowledgement, "the unnamed version is not what waits")
    #expect(outbox.pending == [named])
    let acknowledged = outbox.acknowledge(named)
    #expect(acknowledged)
    #expect(outbox.pending.isEmpty)
  }

  @Test("a name is never taken back, nor changed, nor given to a game sent under one")
  func namesOnlyComeOnce() {
    var outbox = Outbox()
    let ada = VenueRecord(cabinet: "c", sequence: 1, game: record(1, points: 10, name: "Ada"))
    _ = outbox.take(ada.game, cabinet: "c")
    #expect(outbox.take(ada.game, cabinet: "c") == .alreadyTaken(sentAs: ada))
    // Told under another name, or none, it is not the record that was sent.
    #expect(outbox.take(record(1, points: 10), cabinet: "c") == .alreadyTaken(sentAs: nil))
    #expect(
      outbox.take(record(1, points: 10, name: "Bob"), cabinet: "c") == .alreadyTaken(sentAs: nil))
    _ = outbox.take(record(2, points: 10, minute: 1), cabinet: "c")
    #expect(
      outbox.take(record(2, points: 10, minute: 1, name: "Player 2"), cabinet: "c")
        == .alreadyTaken(sentAs: nil))
  }
}
