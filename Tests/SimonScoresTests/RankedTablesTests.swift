import SimonGame
import Testing

@testable import SimonScores

@Suite("The ranked tables of both books")
struct RankedTablesTests {
  /// A game of a table with its points; ties go to the smaller id.
  struct Game: RankedEntry {
    var table: TableKey
    var points: Int
    var id: Int
    var name = "Player"

    func ranks(above other: Game) -> Bool {
      points != other.points ? points > other.points : id < other.id
    }
  }

  static let classic = TableKey(mode: .classic, difficulty: .medium)
  static let coop = TableKey(mode: .coop, difficulty: .easy)

  @Test func aTableIsTheBestTenInAnyOrderTheyCame() {
    let games = (1...14).map { Game(table: Self.classic, points: ($0 * 7) % 15, id: $0) }
    var forward = RankedTables<Game>()
    var places: [Int?] = []
    for game in games { places.append(forward.insert(game)) }
    var backward = RankedTables<Game>()
    for game in games.reversed() { backward.insert(game) }
    #expect(forward == backward)
    let table = forward.table(Self.classic)
    #expect(table.count == 10)
    #expect(table == games.sorted { $0.ranks(above: $1) }.prefix(10).map { $0 })
    #expect(places[0] == 1, "the first game is first of an empty table")
    #expect(forward.insert(Game(table: Self.classic, points: 0, id: 99)) == nil, "not in the ten")
  }

  @Test func keysBestsPlacesAndUpdatesFollowTheTables() {
    var tables = RankedTables<Game>()
    tables.insert(Game(table: Self.coop, points: 5, id: 2))
    tables.insert(Game(table: Self.classic, points: 3, id: 1))
    tables.insert(Game(table: Self.classic, points: 9, id: 3))
    #expect(tables.keys == [Self.classic, Self.coop], "display order, not insertion order")
    #expect(tables.bests[Self.classic]?.id == 3)
    #expect(tables.place { $0.id == 1 }! == (Self.classic, 2))
    #expect(tables.place { $0.id == 7 } == nil)
    let renamed = tables.update(where: { $0.id != 3 }, with: { $0.name = "Ann" })
    #expect(renamed.map(\.id) == [1, 2])
    #expect(tables.entries.map(\.name) == ["Player", "Ann", "Ann"])
    #expect(tables.count == 3)
  }

  @Test func aFileIsSortedCutAndItsStraysShown() {
    let filed = [
      (Self.classic, (1...12).map { Game(table: Self.classic, points: $0, id: $0) }),
      (Self.coop, [Game(table: Self.classic, points: 50, id: 20)]),
    ]
    let tables = RankedTables(filed: filed)
    #expect(tables.table(Self.classic).map(\.points) == Array((3...12).reversed()))
    #expect(tables.strays.map(\.key) == [Self.coop])
    #expect(tables.strays.map(\.entry.id) == [20])
  }
}
