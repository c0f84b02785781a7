import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

@Suite final class PlayerStoreTests {
  let directory = TemporaryDirectory("players")

  deinit { directory.remove() }

  func code(_ text: String) throws -> PadCode { try PadCode(parsing: text) }

  @Test func addsListsAndRemovesIgnoringCase() throws {
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    try store.add("bob", code: code("1111"))
    try store.add("Alice", code: code("green red red blue"))
    #expect(try store.list().map(\.name) == ["Alice", "bob"])
    #expect(try store.player(named: "ALICE")?.code == code("1224"))
    #expect(try store.player(withCode: code("1224"))?.name == "Alice")
    #expect(try store.player(withCode: code("4444")) == nil)
    #expect(try store.remove("BOB").name == "bob")
    #expect(try store.list().map(\.name) == ["Alice"])
  }

  @Test func everyRefusalNamesTheRuleAndChangesNothing() throws {
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    try store.add("Alice", code: code("1224"))
    let before = contents(store.path)
    #expect(throws: PlayerError.nameTaken("Alice")) { try store.add("ALICE") }
    #expect(throws: PlayerError.nameTaken("Alice")) { try store.add("Аlice") }  // Cyrillic А
    #expect(throws: PlayerError.codeTaken(try code("1224"), by: "Alice")) {
      try store.add("Bob", code: code("1224"))
    }
    for (name, rule) in [
      ("", NameRule.length), ("   ", .notBlank), (" Bob", .noOuterSpaces),
      ("B\u{1B}ob", .characters), ("Bobbobbobbobbobbo", .length), ("Player 2", .notReserved),
    ] {
      #expect(throws: PlayerError.invalidName(name, rule)) { try store.add(name) }
    }
    #expect(throws: PlayerError.noSuchPlayer("Carol")) { try store.remove("Carol") }
    #expect(throws: PlayerError.noSuchPlayer("Carol")) {
      try store.setCode(code("4321"), for: "Carol")
    }
    try store.add("Bob", code: code("4444"))
    let withBob = contents(store.path)
    #expect(throws: PlayerError.codeTaken(try code("4444"), by: "Bob")) {
      try store.setCode(code("4444"), for: "alice")
    }
    #expect(contents(store.path) == withBob)
    #expect(before != withBob)
  }

  @Test func aFileFromBeforeLookalikesWereFoldedStillReads() throws {
    defer { directory.remove() }
    put(
      #"{"version": 1, "players": [{"name": "Bob", "code": "1111"}, "#
        + #"{"name": "Воb", "code": "2222"}, {"name": "Ρlayer", "code": "3333"}]}"#,
      at: directory.file("players.json"))
    let problems = Problems()
    let store = PlayerStore(directory: directory.path, onProblem: problems.handler)
    #expect(try store.list().count == 3)
    #expect(problems.all.isEmpty)
    #expect(try store.player(named: "Bob")?.code.description == "green green green green")
    #expect(throws: PlayerError.nameTaken("Bob")) { try store.add("BOB") }
  }

  @Test func refusalsReadWell() throws {
    #expect(
      PlayerError.invalidName("B\u{1B}ob", .characters).description
        == "'B\\u{1B}ob' is not a valid name: a name has only letters, digits, spaces and - _ . '")
    #expect(
      PlayerError.nameTaken("Alice").description
        == "a player named 'Alice' exists already: names are unique, ignoring case and letters that look alike"
    )
    #expect(
      PlayerError.codeTaken(try code("1224"), by: "Alice").description
        == "the code green red red blue belongs to 'Alice'; codes are unique")
    #expect(PlayerError.noSuchPlayer("Carol").description == "no player named 'Carol'")
    #expect(
      PlayerError.noFreeCode.description == "all 256 pad codes are taken; remove a player first")
  }

  @Test func givesEveryNewPlayerAFreeCodeUntilNoneIsLeft() throws {
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    let all = PadCode.all
    let players = (1..<256).map { "{\"name\": \"P\($0)\", \"code\": \"\(all[$0])\"}" }
    put("{\"version\": 1, \"players\": [\(players.joined(separator: ", "))]}", at: store.path)
    #expect(try store.add("Last").code == all[0])
    #expect(Set(try store.list().map(\.code)).count == 256)
    #expect(throws: PlayerError.noFreeCode) { try store.add("One more") }
  }

  @Test func keepingOnesOwnCodeIsFine() throws {
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    try store.add("Alice", code: code("1224"))
    #expect(try store.setCode(code("1224"), for: "alice").name == "Alice")
    #expect(try store.setCode(code("3333"), for: "alice").code == code("3333"))
  }

  @Test func theFileIsReadable() throws {
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    try store.add("Zoë", code: code("1224"))
    try store.add("Al", code: code("4321"))
    #expect(
      String(decoding: contents(store.path) ?? [], as: UTF8.self) == """
        {
          "version": 1,
          "players": [
            {"name": "Al", "code": "blue yellow red green"},
            {"name": "Zoë", "code": "green red red blue"}
          ]
        }

        """)
  }
}
