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
    let reader = ScoreStore(directory: directory.path, onProblem: problems.handler)
    var book = try reader.load()
    // A reader never waits for the lock, and leaves the file alone when it cannot take it
    // at once. Another test of this program starting a process in that very moment holds
    // the lock for a while too (the child has a copy of the descriptor until its exec
    // closes it): the next load takes it then.
    let deadline = ContinuousClock.now + .seconds(10)
    while FileManager.default.fileExists(atPath: store.path + ".tmp"),
      ContinuousClock.now < deadline
    {
      usleep(10_000)
      book = try reader.load()
    }
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
