import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonVenueStore
import Testing

/// Every state file format a version of the programs wrote, kept in `StateFiles/` as it
/// was written (`NAME.vN.json`; a variant after a dash), must be read by this version as
/// it is, nothing set aside, and be written again in this version's format: what an
/// upgrade with apt finds in the state directories. A new format version adds its files
/// here; none is ever removed.
@Suite("State files of every format version")
struct StateFileFixtureTests {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("StateFiles")

  /// A state directory holding one fixture under the name its store reads.
  private func directory(with fixture: String, as name: String) throws -> TemporaryDirectory {
    let directory = TemporaryDirectory("fixture")
    let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture))
    try bytes.write(to: URL(fileURLWithPath: directory.file(name)))
    return directory
  }

  @Test("every fixture is one this suite reads")
  func everyFixtureIsRead() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
    #expect(
      files == [
        "outbox.v1-before-numbers.json", "outbox.v1.json", "outbox.v2.json", "players.v1.json",
        "scores.v1.json", "scores.v2.json", "settings.v1.json", "settings.v2.json",
        "venue.v1.json", "venue.v2.json",
      ])
  }

  @Test("scores, format 1")
  func scores() throws {
    let directory = try directory(with: "scores.v1.json", as: "scores.json")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    let book = try store.load()
    #expect(book.recent.map(\.id) == [1, 2])
    #expect(book.recent.first?.result.name == "Ann")
    #expect(book.recent.first?.result.points == 45)
    try store.record(game(points: 5), startedAt: time(), endedAt: time(1))
    #expect(try store.load().recent.map(\.id) == [1, 2, 3])
    #expect(problems.all.isEmpty, "\(problems.all)")
  }

  @Test("scores, format 2: a game quit, reaction times")
  func scoresWithReactions() throws {
    let directory = try directory(with: "scores.v2.json", as: "scores.json")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    let book = try store.load()
    #expect(book.recent.map(\.result.ending) == [.mistake, .quit])
    #expect(book.recent.first?.result.reaction?.presses == 7)
    #expect(book.recent.first?.result.reaction?.best == .milliseconds(297))
    #expect(book.recent.last?.result.level == 1)
    try store.record(game(points: 5), startedAt: time(), endedAt: time(1))
    #expect(try store.load().recent.map(\.id) == [1, 2, 3])
    #expect(problems.all.isEmpty, "\(problems.all)")
  }

  @Test("players, format 1: names beyond ASCII, codes")
  func players() throws {
    let directory = try directory(with: "players.v1.json", as: "players.json")
    defer { directory.remove() }
    let problems = Problems()
    let store = PlayerStore(directory: directory.path, onProblem: problems.handler)
    #expect(try store.list().map(\.name) == ["Ann", "Zoë Lee"])
    #expect(try store.player(named: "zoë lee")?.code.description == "green red yellow blue")
    _ = try store.add("Bob")
    #expect(try store.list().count == 3)
    #expect(problems.all.isEmpty, "\(problems.all)")
  }

  @Test("settings, format 1 (all seven, as the cabinet's menu wrote them) and format 2")
  func settings() throws {
    let whole = try directory(with: "settings.v1.json", as: "settings.json")
    defer { whole.remove() }
    let problems = Problems()
    let old = SettingsStore(directory: whole.path, onProblem: problems.handler)
    #expect(try old.migrate(base: .defaults).count == 6)
    #expect(try old.load().storedKeys == [.mode])
    let changed = try directory(with: "settings.v2.json", as: "settings.json")
    defer { changed.remove() }
    let current = SettingsStore(directory: changed.path, onProblem: problems.handler)
    #expect(try current.load().storedKeys == [.volume, .difficulty])
    #expect(try current.migrate(base: .defaults) == [])
    #expect(problems.all.isEmpty, "\(problems.all)")
  }

  @Test("the venue bridge's outbox, format 1 with and without the numbers it sent under, 2")
  func outbox() throws {
    for fixture in ["outbox.v1.json", "outbox.v1-before-numbers.json", "outbox.v2.json"] {
      let directory = try directory(with: fixture, as: "outbox.json")
      defer { directory.remove() }
      let problems = Problems()
      let store = OutboxStore(directory: directory.path, onProblem: problems.handler)
      let outbox = try store.load()
      #expect(outbox.gamesTaken == 2, "\(fixture)")
      #expect(outbox.taken.map(\.game) == [1, 2], "\(fixture)")
      #expect(outbox.bestPoints == 45, "\(fixture)")
      if fixture == "outbox.v2.json" {
        #expect(outbox.pending.map(\.game.result.ending) == [.mistake, .quit])
        #expect(outbox.pending.first?.game.result.reactions.count == 4)
      }
      let next = GameRecord(id: 3, result: game(points: 5), startedAt: time(), endedAt: time(1))
      let taken = try store.take([next], cabinet: "cab-1")
      #expect(taken.count == 1, "\(fixture)")
      #expect(try store.load().nextSequence == 4, "\(fixture)")
      #expect(problems.all.isEmpty, "\(fixture): \(problems.all)")
    }
  }

  @Test("the venue table, format 1")
  func venue() throws {
    let directory = try directory(with: "venue.v1.json", as: "venue.json")
    defer { directory.remove() }
    let problems = Problems()
    let store = VenueStore(directory: directory.path, onProblem: problems.handler)
    let book = try store.load()
    #expect(book.merged.mapValues(\.count) == ["cab-1": 2, "cab-2": 1])
    let table = book.table(TableKey(mode: .classic, difficulty: .medium))
    #expect(table.first?.game.result.name == "Ann")
    #expect(problems.all.isEmpty, "\(problems.all)")
  }

  @Test("the venue table, format 2: a game quit, reaction times")
  func venueWithReactions() throws {
    let directory = try directory(with: "venue.v2.json", as: "venue.json")
    defer { directory.remove() }
    let problems = Problems()
    let store = VenueStore(directory: directory.path, onProblem: problems.handler)
    let book = try store.load()
    let table = book.table(TableKey(mode: .classic, difficulty: .medium))
    #expect(table.first?.game.result.reaction?.median == .milliseconds(402))
    #expect(
      book.table(TableKey(mode: .levels, difficulty: .hard)).first?.game.result.ending == .quit)
    #expect(problems.all.isEmpty, "\(problems.all)")
  }
}
