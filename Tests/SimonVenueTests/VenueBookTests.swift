import FoundationEssentials
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

/// A cabinet's game as it recorded it.
func record(
  _ id: Int, points: Int, rounds: Int = 5, minute: Int = 0, name: String = "Player",
  mode: GameMode = .classic
) -> GameRecord {
  GameRecord(
    id: id,
    result: GameResult(
      points: points, rounds: rounds, mode: mode, difficulty: .medium, name: name,
      members: [name], ending: .mistake, duration: .milliseconds(9_000)),
    startedAt: Date(timeIntervalSince1970: 1_795_289_825 + Double(minute) * 60),
    endedAt: Date(timeIntervalSince1970: 1_795_289_834 + Double(minute) * 60))
}

@Suite("The venue table")
struct VenueBookTests {
  private func venueRecords() -> [VenueRecord] {
    (1...30).map { index in
      VenueRecord(
        cabinet: ["cab-a", "cab-b", "cab-c"][index % 3], sequence: index / 3 + 1,
        game: record(index, points: (index * 37) % 200, minute: index % 7))
    }
  }

  @Test("a record merged again, in any order and any number of times, changes nothing")
  func idempotent() {
    var book = VenueBook()
    let records = venueRecords()
    let firstTime = records.map { book.merge($0) }
    let once = book
    let again = (records.reversed() + records).map { book.merge($0) }
    #expect(firstTime.allSatisfy { $0 })
    #expect(again.allSatisfy { !$0 })
    #expect(book == once)
    #expect(book.merged["cab-a"]?.count == 10)
  }

  @Test("cabinets that merge the same records in different orders hold the same tables")
  func orderIndependent() {
    let records = venueRecords()
    var forward = VenueBook()
    var backward = VenueBook()
    var shuffled = VenueBook()
    var generator = SplitMix(seed: 7)
    for record in records { forward.merge(record) }
    for record in records.reversed() { backward.merge(record) }
    for record in records.shuffled(using: &generator) { shuffled.merge(record) }
    #expect(forward == backward)
    #expect(forward == shuffled)
    let table = forward.table(TableKey(mode: .classic, difficulty: .medium))
    #expect(table.count == 10)
    #expect(zip(table, table.dropFirst()).allSatisfy { $0.ranks(above: $1) })
    #expect(table.first?.game.result.points == records.map(\.game.result.points).max())
  }

  @Test("a game named after it was merged shows its name, in whichever order the two come")
  func renamed() throws {
    let unnamed = venueRecords()
    let named = unnamed.map { record in
      var named = record
      named.game.result.name = "Ada"
      named.game.result.members = ["Ada"]
      return named
    }
    var first = VenueBook()
    for record in unnamed { first.merge(record) }
    let changed = named.map { first.merge($0) }
    var late = VenueBook()
    for record in named + unnamed { late.merge(record) }
    #expect(first == late)
    let key = TableKey(mode: .classic, difficulty: .medium)
    #expect(first.table(key).count == 10)
    #expect(first.table(key).allSatisfy { $0.game.result.name == "Ada" })
    #expect(changed.filter { $0 }.count == 10, "only the games in the table change it")
    let again = named.map { first.merge($0) }
    #expect(again.allSatisfy { !$0 }, "named twice changes nothing")
    var other = try #require(unnamed.first { $0.key == first.table(key).first?.key })
    other.game.result.name = "Bob"
    other.game.result.points += 1
    var unnamedFirst = VenueBook()
    for record in unnamed { unnamedFirst.merge(record) }
    let mergedOther = unnamedFirst.merge(other)
    #expect(!mergedOther, "another game under a merged id is ignored")
  }

  @Test("sequences that arrive out of order are remembered until the gap closes")
  func gaps() {
    var book = VenueBook()
    let records = (1...5).map {
      VenueRecord(cabinet: "c", sequence: $0, game: record($0, points: $0))
    }
    book.merge(records[3])
    book.merge(records[1])
    #expect(book.merged["c"] == VenueBook.Merged(through: 0, also: [2, 4]))
    book.merge(records[0])
    #expect(book.merged["c"] == VenueBook.Merged(through: 2, also: [4]))
    book.merge(records[2])
    #expect(book.merged["c"] == VenueBook.Merged(through: 4, also: []))
    let mergedAgain = book.merge(records[1])
    #expect(!mergedAgain)
  }

  @Test("the venue file keeps what was merged, and a record merged after reading is still known")
  func storeRoundTrip() throws {
    let directory = scratchDirectory()
    let store = VenueStore(directory: directory)
    let records = venueRecords()
    #expect(try store.merge(records).count == records.count)
    #expect(try store.merge(records).isEmpty)
    var expected = VenueBook()
    for record in records { expected.merge(record) }
    #expect(try store.load() == expected)
  }
}

/// A seeded generator, so a shuffled order is the same on every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A new empty directory under /tmp.
func scratchDirectory() -> String {
  let path = "/tmp/simon-venue-test-\(UInt64.random(in: 0...UInt64.max))"
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
