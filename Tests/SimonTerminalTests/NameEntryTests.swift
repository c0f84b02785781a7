import SimonControl
import SimonGame
import SimonScores
import SimonTerminal
import Testing

@Suite("Typing a name for a ranked game")
struct NameEntryTests {
  private let ranked = gameOver(record(id: 12, points: 40, rounds: 4), rank: 3)

  @Test func onlyAStoredRankedGameNobodySignedInForIsOffered() {
    let entry = NameEntry(ranked)
    #expect(entry?.game == 12)
    #expect(entry?.rank == 3)
    #expect(entry?.table == TableKey(mode: .classic, difficulty: .medium))
    #expect(entry?.currentName == "Player")
    #expect(NameEntry(gameOver(record(id: 1, points: 4, rounds: 1), rank: nil)) == nil)
    #expect(NameEntry(gameOver(record(id: 1, points: 4, rounds: 1), stored: false, rank: 1)) == nil)
    #expect(NameEntry(gameOver(record(id: 1, points: 4, rounds: 1, name: "Ann"), rank: 1)) == nil)
    #expect(
      NameEntry(gameOver(record(id: 1, points: 4, rounds: 1, name: "Player 2"), rank: 1)) != nil)
    #expect(NameEntry(gameOver(record(id: 1, points: 4, rounds: 1, name: "Team"), rank: 1)) != nil)
    #expect(
      NameEntry(gameOver(record(id: 1, points: 0, rounds: 0), rank: 1)) == nil,
      "a game that repeated no round is not worth a name, even at #1")
  }

  @Test func lettersAreTypedAndErased() throws {
    var entry = try #require(NameEntry(ranked))
    for character in "Zoë" { entry.type(character) }
    #expect(entry.text == "Zoë")
    entry.erase()
    #expect(entry.text == "Zo")
    entry.erase()
    entry.erase()
    entry.erase()
    #expect(entry.text == "")
  }

  @Test func aNameStopsAtItsLongestAndSaysSo() throws {
    var entry = try #require(NameEntry(ranked))
    for character in "abcdefghijklmnopq" { entry.type(character) }
    #expect(entry.text == "abcdefghijklmnop")
    #expect(entry.problem == NameRule.length.description)
    entry.erase()
    #expect(entry.problem == nil)
  }

  @Test func aNameIsSentOnlyWhenItFollowsTheRules() throws {
    var entry = try #require(NameEntry(ranked))
    for character in "Player" { entry.type(character) }
    #expect(entry.submit() == nil)
    #expect(entry.problem == PlayerError.invalidName("Player", .notReserved).description)
    entry = try #require(NameEntry(ranked))
    for character in "Dee!" { entry.type(character) }
    #expect(entry.submit() == nil)
    #expect(entry.problem == PlayerError.invalidName("Dee!", .characters).description)
    entry.erase()
    #expect(entry.submit() == "Dee")
    #expect(entry.problem == nil)
  }
}

@Suite("Following the control socket")
struct ControlCabinetViewTests {
  @Test func theSnapshotSetsEverythingAndEventsFollow() {
    var view = ControlCabinetView()
    #expect(view.followed == nil)
    view.connect(simHello, snapshot(cabinetView(.idle), lit: [.red]))
    #expect(view.followed == cabinetView(.idle))
    #expect(view.lit == [.red])
    #expect(view.hello?.stateDirectory == "/var/lib/simon-cabinet")
    view.apply(.led(.red, on: false, t: 1))
    view.apply(.led(.blue, on: true, t: 2))
    view.apply(.tone(209, t: 3))
    view.apply(.state(cabinetView(.countdown, countdown: 3), t: 4))
    #expect(view.lit == [.blue])
    #expect(view.tone == 209)
    #expect(view.followed?.countdown == 3)
    view.lose("simond stopped")
    #expect(view.followed == nil)
    #expect(view.problem == "simond stopped")
    view.connect(simHello, snapshot(cabinetView(.idle)))
    #expect(view.problem == nil)
    #expect(view.lit.isEmpty)
  }

  @Test func aNamedGameIsShownWithItsNewName() {
    var view = ControlCabinetView()
    view.connect(simHello, snapshot(cabinetView(.gameover)))
    view.apply(.gameOver(gameOver(record(id: 9, points: 20, rounds: 2), rank: 1), t: 1))
    view.named(game: 8, "Zed")
    #expect(view.lastGame?.name == "Player")
    view.named(game: 9, "Dee")
    #expect(view.lastGame?.name == "Dee")
    #expect(view.lastGame?.record?.result.name == "Dee")
    #expect(view.lastGame?.record?.result.members == ["Dee"])
  }
}
