import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonStateFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every way a state file can be unusable: it is set aside with a timestamp, reported with
/// its path, and a fresh one starts; nothing crashes and nothing throws.
@Suite struct CorruptFileTests {
  static let good = """
    {"version": 1, "next_id": 2, "tables": [], "recent": [{"id": 1, "points": 5, "rounds": 1, \
    "mode": "classic", "difficulty": "easy", "name": "Ann", "members": ["Ann"], "ending": \
    "win", "started": "2026-11-21T19:37:05.000Z", "ended": "2026-11-21T19:38:05.000Z", \
    "duration_ms": 60000}]}
    """

  /// The good file cut off right after a value.
  static let truncated = String(good[..<good.firstRange(of: "\"points\": 5")!.upperBound])

  static let cases: [(String, String, StateProblem.Kind, String)] = [
    (
      "garbage", "\u{7F}ELF\u{01}\u{02}binary junk", .corrupt,
      "line 1, column 1: unexpected character"
    ),
    (
      "truncated", truncated, .corrupt,
      "line 1, column \(truncated.count + 1): unexpected end of data"
    ),
    ("empty", "", .empty, "0 bytes"),
    ("blank", "\n\n  \n", .empty, "only white space"),
    ("not an object", "[1, 2]", .corrupt, "not a JSON object"),
    ("no version", "{\"recent\": []}", .corrupt, "no whole-number \"version\""),
    ("version zero", "{\"version\": 0}", .corrupt, "version 0 does not exist"),
    (
      "missing key", "{\"version\": 1, \"next_id\": 1, \"tables\": []}", .corrupt,
      "missing \"recent\""
    ),
    (
      "wrong type", good.replacing("\"points\": 5", with: "\"points\": \"5\""), .corrupt,
      "recent[0].points: expected a whole number"
    ),
    (
      "bad date", good.replacing("2026-11-21T19:38:05.000Z", with: "yesterday"), .corrupt,
      "recent[0].ended: not a UTC time like 2026-11-21T19:37:05.123Z"
    ),
    (
      "bad mode", good.replacing("\"classic\"", with: "\"chess\""), .corrupt,
      "recent[0].mode: \"chess\" is not one of classic, levels, coop, player-adds, directional"
    ),
    // Once a crash loop: a number at the top of its range overflowed while the file was
    // read, before it could be set aside.
    (
      "largest next id", good.replacing("\"next_id\": 2", with: "\"next_id\": 9223372036854775807"),
      .corrupt, "next_id: 9223372036854775807 is out of range: it is from 1 to 9007199254740992"
    ),
    (
      "largest record id", good.replacing("\"id\": 1,", with: "\"id\": 9223372036854775807,"),
      .corrupt,
      "recent[0].id: 9223372036854775807 is out of range: it is from 1 to 9007199254740991"
    ),
    (
      "endless game", good.replacing("60000", with: "9223372036854775807"), .corrupt,
      "recent[0].duration_ms: 9223372036854775807 is out of range: it is from 0 to 100000000000000"
    ),
    (
      "negative points", good.replacing("\"points\": 5", with: "\"points\": -5"), .corrupt,
      "recent[0].points: -5 is out of range: it is from 0 to 1000000000"
    ),
  ]

  @Test(arguments: cases.map(\.0))
  func setsAsideAndStartsAfresh(_ label: String) throws {
    let (_, text, kind, detail) = Self.cases.first { $0.0 == label }!
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    put(text, at: store.path)
    #expect(try store.load() == ScoreBook())
    #expect(problems.all.count == 1)
    let problem = try #require(problems.all.first)
    #expect(problem.kind == kind)
    #expect(problem.path == store.path)
    #expect(problem.detail == detail)
    let aside = try #require(problem.movedTo)
    #expect(aside.hasPrefix(store.path + ".corrupt-20"))
    #expect(aside.hasSuffix("Z"))
    #expect(contents(aside) == Array(text.utf8))
    #expect(
      problem.description
        == "\(store.path) \(Self.phrase(kind)) (\(detail)); moved it to \(aside) and started a fresh one"
    )
    // The fresh file works, and the set-aside one stays.
    try store.record(game(points: 1), startedAt: time(), endedAt: time())
    #expect(try store.load().recent.count == 1)
    #expect(names(in: directory.path).count == 3)
    #expect(problems.all.count == 1)
  }

  static func phrase(_ kind: StateProblem.Kind) -> String {
    switch kind {
    case .empty: "is empty"
    case .corrupt: "is corrupt"
    case .unreadable: "is unreadable"
    }
  }

  @Test("a file a newer version wrote (a downgrade) is refused, left as it is, never replaced")
  func aNewerFileIsLeftForTheNewerVersion() throws {
    let directory = TemporaryDirectory("newer")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    let text = "{\"version\": 3, \"anything\": true}"
    put(text, at: store.path)
    let refusal = StateError(
      kind: .newerVersion, path: store.path,
      reason: "format version 3; this program reads up to 2")
    #expect(throws: refusal) { try store.load() }
    #expect(throws: refusal) {
      try store.record(game(points: 1), startedAt: time(), endedAt: time())
    }
    #expect(contents(store.path) == Array(text.utf8))
    #expect(names(in: directory.path) == ["scores.json", "scores.json.lock"])
    #expect(problems.all.isEmpty)
    #expect(
      refusal.description
        == "\(store.path) was written by a newer version of the cabinet's programs (format version 3; this program reads up to 2); it is left as it is: install that version again"
    )
  }

  @Test func aFileFarLargerThanAnyVenuesIsSetAsideUnread() throws {
    let directory = TemporaryDirectory("huge")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path, onProblem: { _ in })
    let fd = open(store.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    #expect(ftruncate(fd, 17 * 1024 * 1024) == 0)
    close(fd)
    let problems = Problems()
    let book = try ScoreStore(directory: directory.path, onProblem: problems.handler).load()
    #expect(book == ScoreBook())
    #expect(problems.all.first?.description.contains("larger than 16 MB") == true)
  }

  @Test func invalidUTF8IsCorrupt() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let store = SettingsStore(directory: directory.path, onProblem: problems.handler)
    let bytes =
      Array("{\"version\": 1, \"audio\": {\"tones\": \"".utf8) + [0xC3, 0x28] + Array("\"}}".utf8)
    #expect(FileManager.default.createFile(atPath: store.path, contents: Data(bytes)))
    #expect(try store.load() == StoredSettings())
    #expect(problems.all.map(\.detail) == ["line 1, column 39: a string is not valid UTF-8"])
  }

  @Test func theGoodFixtureIsGood() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    put(Self.good, at: store.path)
    #expect(try store.load().recent.map(\.result.name) == ["Ann"])
    #expect(problems.all.isEmpty)
  }

  /// Tests run as root, where permission bits do not stop a read; a directory standing
  /// where the file should be cannot be read by anyone, so it stands for an unreadable file.
  @Test func aDirectoryInPlaceOfTheFileIsUnreadable() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false)
    let outcome = try store.record(game(points: 3), startedAt: time(), endedAt: time())
    #expect(outcome.record.id == 1)
    let problem = try #require(problems.all.first)
    #expect(problem.kind == .unreadable)
    #expect(problem.detail == "is a directory")
    #expect(try store.load().recent.count == 1)
  }

  @Test func aSymbolicLinkLoopIsUnreadable() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    #expect(symlink(store.path, store.path) == 0)
    #expect(try store.load() == ScoreBook())
    #expect(problems.all.map(\.kind) == [.unreadable])
    #expect(problems.all.first?.detail == "too many levels of symbolic links")
  }

  @Test func aFIFOIsUnreadableAndDoesNotHang() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let store = PlayerStore(directory: directory.path, onProblem: problems.handler)
    #expect(mkfifo(store.path, 0o644) == 0)
    #expect(try store.list().isEmpty)
    #expect(problems.all.map(\.detail) == ["not a regular file"])
  }

  @Test func playersAndSettingsFilesRecoverTheSameWay() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    let players = PlayerStore(directory: directory.path, onProblem: problems.handler)
    let settings = SettingsStore(directory: directory.path, onProblem: problems.handler)
    put(
      "{\"version\": 1, \"players\": [{\"name\": \"Ann\", \"code\": \"1111\"}, {\"name\": \"ann\", \"code\": \"2222\"}]}",
      at: players.path)
    put("{\"version\": 1, \"audio\": {\"volume\": 250}}", at: settings.path)
    #expect(try players.list().isEmpty)
    #expect(try settings.load() == StoredSettings())
    #expect(
      problems.all.map(\.detail) == [
        "players[1]: 'ann' is there twice",
        "volume: 250 is out of range; it is a percentage from 0 to 100",
      ])
    try players.add("Ann", code: PadCode([.red, .red, .red, .red]))
    #expect(try players.list().map(\.name) == ["Ann"])
  }

  @Test func aReaderThatMayNotWriteReportsWithoutMoving() throws {
    let directory = TemporaryDirectory("corrupt")
    defer { directory.remove() }
    let problems = Problems()
    put("garbage", at: directory.file("scores.json"))
    // A lock file that cannot be opened: a directory stands in its place.
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    try FileManager.default.createDirectory(
      atPath: store.path + ".lock", withIntermediateDirectories: false)
    #expect(try store.load() == ScoreBook())
    let problem = try #require(problems.all.first)
    #expect(problem.movedTo == nil)
    #expect(problem.moveFailure?.hasPrefix("cannot lock \(store.path).lock") == true)
    #expect(contents(store.path) == Array("garbage".utf8))
  }
}
