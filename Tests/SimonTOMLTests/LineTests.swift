import SimonTOML
import Testing

@Suite("The line of every value")
struct LineTests {
  static let text = #"""
    # 1
    title = "x"
    dotted.a.b = 1
    dotted.c = 2
    multi = """
    one
    two"""
    after = 3
    inline = { x = 1, y.z = 2 }
    [server.alpha]
    ip = "10.0.0.1"

    [server]
    port = 80
    [[points]]
    x = 1
    [points.extra]
    label = 'a'
    [[points]]
    x = 2
    list = [
      1,
      { k = 'v' },
      [ 2,
        3 ],
    ]
    """#

  let table: TOMLTable

  init() throws { table = try TOMLTable(parsing: Self.text) }

  @Test func aKeyAndItsValueAreOnTheKeysLine() {
    #expect(table["title"]?.line == 2)
    #expect(table["multi"]?.line == 5)
    #expect(table["after"]?.line == 8)
  }

  @Test func aTableOfDottedKeysIsOnTheLineOfItsFirstKey() {
    let dotted = table["dotted"]
    #expect(dotted?.line == 3)
    #expect(dotted?.table?["a"]?.line == 3)
    #expect(dotted?.table?["a"]?.table?["b"]?.line == 3)
    #expect(dotted?.table?["c"]?.line == 4)
  }

  @Test func keysOfAnInlineTableAreOnItsLine() {
    let inline = table["inline"]
    #expect(inline?.line == 9)
    #expect(inline?.table?["x"]?.line == 9)
    #expect(inline?.table?["y"]?.table?["z"]?.line == 9)
  }

  @Test func aTableIsOnTheLineOfItsHeader() {
    let server = table["server"]
    #expect(server?.line == 13)  // its own header, not [server.alpha] that made it first
    #expect(server?.table?["alpha"]?.line == 10)
    #expect(server?.table?["alpha"]?.table?["ip"]?.line == 11)
    #expect(server?.table?["port"]?.line == 14)
  }

  @Test func anArrayOfTablesIsOnItsFirstHeaderAndEachTableOnItsOwn() {
    let points = table["points"]
    #expect(points?.line == 15)
    let first = points?.array?[0].table
    #expect(points?.array?.map(\.line) == [15, 19])
    #expect(first?["x"]?.line == 16)
    #expect(first?["extra"]?.line == 17)
    #expect(first?["extra"]?.table?["label"]?.line == 18)
    #expect(points?.array?[1].table?["x"]?.line == 20)
  }

  @Test func elementsOfAnArrayAreOnTheLineWhereEachStarts() {
    let list = table["points"]?.array?[1].table?["list"]
    #expect(list?.line == 21)
    #expect(list?.array?.map(\.line) == [22, 23, 24])
    #expect(list?.array?[1].table?["k"]?.line == 23)
    #expect(list?.array?[2].array?.map(\.line) == [24, 25])
  }

  @Test func aTableMadeOnlyOnTheWayIsOnTheLineOfTheFirstHeaderThatMadeIt() throws {
    let table = try TOMLTable(parsing: "\n[a.b.c]\n[a.b.d]\n")
    #expect(table["a"]?.line == 2)
    #expect(table["a"]?.table?["b"]?.line == 2)
    #expect(table["a"]?.table?["b"]?.table?["d"]?.line == 3)
  }

  @Test func linesCountCRLFAndKeepCountingAfterMultiLineStrings() throws {
    let table = try TOMLTable(parsing: "a = '''\r\n\r\n'''\r\nb = 1\r\n")
    #expect(table["b"]?.line == 4)
  }
}
