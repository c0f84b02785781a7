import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

/// The score file's own JSON reading and writing, through the store.
@Suite struct JSONTests {
  @Test(arguments: [
    "Tab\there", "quote\"back\\slash", "new\nline", "bell\u{07}", "del\u{7F}", "c1\u{85}x",
    "emoji 🎮", "rtl \u{202E}", "nul\u{0}",
  ])
  func namesOfAnyKindRoundTripAndStayPrintable(_ name: String) throws {
    let directory = TemporaryDirectory("json")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    try store.record(game(points: 1, name: name), startedAt: time(), endedAt: time())
    #expect(try store.load().recent.first?.result.name == name)
    let bytes = contents(store.path) ?? []
    #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A })
    #expect(!bytes.contains(0x7F))
  }

  @Test(arguments: [
    (
      "{\"version\": 1, \"next_id\": 01, \"tables\": [], \"recent\": []}",
      "line 1, column 27: a number with a leading zero"
    ),
    ("{\"version\": 1,}", "line 1, column 15: expected a key in quotes"),
    ("{\"version\": 1} x", "line 1, column 16: unexpected text after the end"),
    ("{\"version\": 1, \"a\": \"\\x\"}", "line 1, column 23: an unknown escape in a string"),
    ("{\"version\": 1, \"a\": \"\\ud800\"}", "line 1, column 22: a lone surrogate in a string"),
    ("{\n\"version\": tru}", "line 2, column 12: unexpected character"),
    ("{\"version\": 1, \"a\": \"x\ty\"}", "line 1, column 23: a control character in a string"),
    (String(repeating: "[", count: 100), "line 1, column 65: nested too deeply"),
  ])
  func strictSyntaxWithPlaces(_ text: String, _ detail: String) throws {
    let directory = TemporaryDirectory("json")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    put(text, at: store.path)
    _ = try store.load()
    #expect(problems.all.map(\.detail) == [detail])
  }

  @Test func escapesAndNumbersAreRead() throws {
    let directory = TemporaryDirectory("json")
    defer { directory.remove() }
    let store = PlayerStore(directory: directory.path)
    put(
      "{\"version\": 1.0e0, \"players\": []}", at: store.path)
    let problems = Problems()
    _ = try PlayerStore(directory: directory.path, onProblem: problems.handler).list()
    #expect(problems.all.map(\.detail) == ["no whole-number \"version\""])
    put(
      "{\"version\": 1, \"extra\": [1.5, -2e3, null, true, {}], \"players\": [{\"name\": \"Zo\\u00eb \\u00c5\\u0073a\", \"code\": \"1224\"}]}",
      at: store.path)
    #expect(try store.list().map(\.name) == ["Zoë Åsa"])
  }
}
