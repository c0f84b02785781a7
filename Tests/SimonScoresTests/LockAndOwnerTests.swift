import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonStateFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite final class LockAndOwnerTests {
  let directory = TemporaryDirectory("lock")

  deinit { directory.remove() }

  @Test func aHeldLockTimesOutWithoutWritingThenFreesAgain() throws {
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path, lockTimeout: .milliseconds(100))
    try store.record(game(points: 1), startedAt: time(), endedAt: time())
    let before = contents(store.path)
    let holder = open(store.path + ".lock", O_RDONLY | O_CLOEXEC)
    #expect(flock(holder, LOCK_EX) == 0)
    #expect(
      throws: StateError(
        kind: .busy, path: store.path + ".lock",
        reason: "another simond or simonctl held it for more than 0.1 seconds")
    ) { try store.record(game(points: 2), startedAt: time(), endedAt: time()) }
    #expect(contents(store.path) == before)
    close(holder)
    // The waiter that gave up lets go of the lock as soon as it gets it.
    let patient = ScoreStore(directory: directory.path, lockTimeout: .seconds(5))
    #expect(try patient.record(game(points: 3), startedAt: time(), endedAt: time()).record.id == 2)
  }

  @Test(.enabled(if: geteuid() == 0, "changing owners needs root"))
  func aNewFileKeepsTheOwnerAndModeOfTheOneItReplaces() throws {
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    try store.add("Ann", code: PadCode([.red, .red, .red, .red]))
    #expect(chown(store.path, 1234, 4321) == 0 && chmod(store.path, 0o600) == 0)
    try store.add("Bob", code: PadCode([.blue, .blue, .blue, .blue]))
    var status = stat()
    #expect(stat(store.path, &status) == 0)
    #expect(status.st_uid == 1234 && status.st_gid == 4321)
    #expect(status.st_mode & 0o7777 == 0o600)
  }

  @Test(.enabled(if: geteuid() == 0, "changing owners needs root"))
  func aFirstFileWrittenByRootBelongsToTheDirectorysOwner() throws {
    defer { directory.remove() }
    #expect(chown(directory.path, 2345, 5432) == 0)
    let store = SettingsStore(directory: directory.path)
    try store.set(.volume, to: "10", base: .defaults)
    for path in [store.path, store.path + ".lock"] {
      var status = stat()
      #expect(stat(path, &status) == 0)
      #expect(status.st_uid == 2345 && status.st_gid == 5432, "\(path)")
    }
  }
}
