import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonJSON
import SimonScores
import SimonStateFiles
import Testing

@Suite struct ScoreStoreTests {
  @Test func recordsAndReadsBackExactly() throws {
    let directory = TemporaryDirectory("scores", onDisk: true)
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    var result = game(points: 42, rounds: 4, mode: .levels, name: "Zoë \"Z\"")
    result.level = 2
    result.duration = .nanoseconds(61_234_567_891)
    let outcome = try store.record(
      result, startedAt: Date(timeIntervalSince1970: 1_795_289_825.1234),
      endedAt: Date(timeIntervalSince1970: 1_795_289_886.3579))
    #expect(outcome.record.id == 1)
    #expect(outcome.record.duration == .milliseconds(61_235))
    #expect(outcome.isNewAllTimeBest)
    let book = try store.load()
    #expect(book.recent == [outcome.record])
    #expect(
      try store.allTimeBests() == [
        TableKey(mode: .levels, difficulty: .medium): Standing(points: 42, rounds: result.rounds)
      ])
    let text = String(decoding: contents(store.path) ?? [], as: UTF8.self)
    #expect(
      text == """
        {
          "version": 2,
          "next_id": 2,
          "tables": [
            {
              "mode": "levels",
              "difficulty": "medium",
              "top": [
                {"id": 1, "points": 42, "rounds": 4, "mode": "levels", "difficulty": "medium", "name": "Zoë \\"Z\\"", "members": ["Zoë \\"Z\\""], "ending": "mistake", "level": 2, "started": "2026-11-21T19:37:05.123Z", "ended": "2026-11-21T19:38:06.358Z", "duration_ms": 61235}
              ]
            }
          ],
          "recent": [
            {"id": 1, "points": 42, "rounds": 4, "mode": "levels", "difficulty": "medium", "name": "Zoë \\"Z\\"", "members": ["Zoë \\"Z\\""], "ending": "mistake", "level": 2, "started": "2026-11-21T19:37:05.123Z", "ended": "2026-11-21T19:38:06.358Z", "duration_ms": 61235}
          ]
        }

        """)
    #expect(names(in: directory.path) == ["scores.json", "scores.json.lock"])
  }

  @Test func theCodableFormIsTheFileForm() throws {
    let record = GameRecord(
      id: 7, result: game(points: 3, name: "A\u{1B}"), startedAt: time(), endedAt: time(1))
    let decoded = try JSONDecoder().decode(GameRecord.self, from: Data(record.json.utf8))
    #expect(decoded == record)
    #expect(record.json.contains("\"name\": \"A\\u001b\""))
    let encoded = try JSONEncoder().encode(record)
    #expect(try JSONDecoder().decode(GameRecord.self, from: encoded) == record)
  }

  @Test("an encoder gets every member the file has, with the same values")
  func theEncodedMembersAreTheFilesMembers() throws {
    var result = game(points: 42, mode: .levels, name: "Zoë", members: ["Zoë", "Bo"])
    result.level = 3
    result.reactions = [[.milliseconds(54)], [.milliseconds(53), .milliseconds(180)]]
    for record in [
      GameRecord(id: 9, result: result, startedAt: time(), endedAt: time(2)),
      GameRecord(id: 10, result: game(points: 1), startedAt: time(3), endedAt: time(4)),
    ] {
      let fromFile = try members(of: Array(record.json.utf8))
      let fromEncoder = try members(of: Array(try JSONEncoder().encode(record)))
      #expect(fromFile.count >= 11)
      #expect(fromEncoder == fromFile)
    }
    #expect(
      GameRecord(id: 9, result: result, startedAt: time(), endedAt: time(2)).json.contains(
        "\"level\": 3, \"started\": \"2026-11-21T19:37:05.000Z\""))
  }

  /// An object's members by key, whatever their order.
  private func members(of json: [UInt8]) throws -> [String: JSONValue] {
    guard case .object(let members) = try JSONParser.parse(json) else { return [:] }
    return Dictionary(members) { first, _ in first }
  }

  @Test func theCodableFormChecksWhatTheFileChecks() {
    let line = GameRecord(id: 7, result: game(points: 3), startedAt: time(), endedAt: time(1)).json
    for (bad, member) in [
      (line.replacingOccurrences(of: "\"points\": 3", with: "\"points\": -3"), "points"),
      (line.replacingOccurrences(of: "\"id\": 7", with: "\"id\": 0"), "id"),
      (line.replacingOccurrences(of: "\"started\": \"", with: "\"started\": \"x"), "started"),
      (line.replacingOccurrences(of: "\"mode\": \"", with: "\"mode\": \"x"), "mode"),
    ] {
      #expect(bad != line)
      #expect {
        try JSONDecoder().decode(GameRecord.self, from: Data(bad.utf8))
      } throws: { error in
        guard case DecodingError.dataCorrupted(let context) = error else { return false }
        return context.debugDescription.hasPrefix("\(member): ")
      }
    }
  }

  @Test func createsAMissingStateDirectoryOnWriteOnly() throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    let nested = directory.file("a/b/state")
    let store = ScoreStore(directory: nested)
    #expect(try store.load() == ScoreBook())
    #expect(names(in: directory.path).isEmpty)
    try store.record(game(points: 1), startedAt: time(), endedAt: time())
    #expect(names(in: nested) == ["scores.json", "scores.json.lock"])
  }

  @Test func saysClearlyWhenTheStateDirectoryCannotBe() throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    put("not a directory", at: directory.file("file"))
    let store = ScoreStore(directory: directory.file("file/state"))
    #expect(
      throws: StateError(
        kind: .directory, path: directory.file("file"), reason: "it is not a directory")
    ) { try store.record(game(points: 1), startedAt: time(), endedAt: time()) }
    #expect(throws: StateError.self) { try StateDirectory.prepare(directory.file("file")) }
    let error = StateError(
      kind: .directory, path: "/x", reason: "cannot create it: permission denied")
    #expect(
      error.description == "cannot use the state directory /x: cannot create it: permission denied")
  }

  @Test("a probe a power cut left in the state directory does not stop the next start")
  func aProbeLeftByAPowerCutIsUsedAgain() throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    // The removal of the last start's probe had not reached the disk.
    put("", at: directory.file(".write-check"))
    try StateDirectory.checkWritable(directory.path)
    #expect(names(in: directory.path).isEmpty)
  }

  @Test func resetForgetsEverything() throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    try store.record(game(points: 1), startedAt: time(), endedAt: time())
    try store.reset()
    #expect(try store.load() == ScoreBook())
    #expect(try store.record(game(points: 1), startedAt: time(), endedAt: time()).record.id == 1)
  }

  @Test func nameLatestChecksTheName() throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    try store.record(game(points: 1), startedAt: time(), endedAt: time())
    let before = contents(store.path)
    #expect(throws: PlayerError.invalidName("Player", .notReserved)) {
      try store.nameLatest("Player")
    }
    #expect(throws: PlayerError.invalidName("", .length)) { try store.nameLatest("") }
    #expect(contents(store.path) == before)
    #expect(try store.nameLatest("Ann").map(\.result.name) == ["Ann"])
  }

  @Test func threadsInOneProcessLoseNothing() async throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    let store = ScoreStore(directory: directory.path)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          let own = ScoreStore(directory: directory.path)
          for number in 0..<15 {
            _ = try? own.record(
              game(points: worker * 100 + number), startedAt: time(), endedAt: time())
          }
        }
      }
    }
    let points = try store.load().recent.map(\.result.points)
    #expect(Set(points) == Set((0..<4).flatMap { worker in (0..<15).map { worker * 100 + $0 } }))
    #expect(points.count == 60)
  }
}

@Suite struct ExtremeValueTests {
  @Test func absurdTimesAndDurationsAreClampedSoTheFileStaysReadable() throws {
    let directory = TemporaryDirectory("scores")
    defer { directory.remove() }
    let problems = Problems()
    let store = ScoreStore(directory: directory.path, onProblem: problems.handler)
    var result = game(points: 1)
    result.duration = .seconds(-5)
    try store.record(result, startedAt: .distantPast, endedAt: .distantFuture)
    result.duration = .seconds(Int64.max)
    try store.record(
      result, startedAt: Date(timeIntervalSince1970: .infinity),
      endedAt: Date(timeIntervalSince1970: -.infinity))
    let recent = try store.load().recent
    #expect(problems.all.isEmpty)
    // Date.distantPast is 0001-01-01 in the Julian calendar: 0000-12-30 in the proleptic
    // Gregorian calendar the files use.
    #expect(
      recent.map { Timestamps.utc($0.startedAt) } == [
        "0000-12-30T00:00:00.000Z", "1970-01-01T00:00:00.000Z",
      ])
    #expect(Timestamps.utc(recent[0].endedAt) == "4001-01-01T00:00:00.000Z")
    #expect(recent.map(\.duration) == [.zero, .milliseconds(100_000_000_000_000)])
    #expect(Timestamps.utc(Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59.999Z")
  }
}
