import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A writer killed between writing its temporary file and renaming it leaves the
/// temporary file behind; the next reader or writer that gets the lock removes it.
@Suite final class StaleTemporaryTests {
  let directory = TemporaryDirectory("stale")

  deinit { directory.remove() }

  @Test func aStaleTemporaryFileIsRemovedByTheNextLoadAndTheScoresAreIntact() throws {
    let store = ScoreStore(directory: directory.path)
    try store.record(game(points: 7), startedAt: time(), endedAt: time())
    let before = contents(store.path)
    put("{\"version\": 1, \"half-writ", at: store.path + ".tmp")
    let problems = Problems()
    let book = try ScoreStore(directory: directory.path, onProblem: problems.handler).load()
    #expect(!FileManager.default.fileExists(atPath: store.path + ".tmp"))
    #expect(book.recent.map(\.result.points) == [7])
    #expect(contents(store.path) == before)
    #expect(problems.all.isEmpty)
  }

  @Test func aStaleTemporaryFileIsRemovedByTheNextChangeEvenWhenNothingChanges() throws {
    let store = PlayerStore(directory: directory.path)
    try store.add("Ann", code: PadCode([.red, .red, .red, .red]))
    put("junk", at: store.path + ".tmp")
    // Removing a player who is not there changes nothing and writes nothing.
    #expect(throws: PlayerError.noSuchPlayer("Bob")) { try store.remove("Bob") }
    #expect(!FileManager.default.fileExists(atPath: store.path + ".tmp"))
    #expect(try store.list().map(\.name) == ["Ann"])
  }

  @Test func aTemporaryFileIsLeftAloneWhileAnotherHoldsTheLock() throws {
    let store = ScoreStore(directory: directory.path)
    try store.record(game(points: 3), startedAt: time(), endedAt: time())
    put("being written", at: store.path + ".tmp")
    let holder = open(store.path + ".lock", O_RDONLY | O_CLOEXEC)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    // A reader does not wait for the writer, and leaves the writer's file alone.
    #expect(try store.load().recent.map(\.result.points) == [3])
    #expect(contents(store.path + ".tmp") == Array("being written".utf8))
  }
}
