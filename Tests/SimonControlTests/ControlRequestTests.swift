import SimonControl
import Testing

@Suite("The control protocol's requests")
struct ControlRequestTests {
  /// One of each request, and each way of writing one.
  static let everyAction: [ControlRequest.Action] = [
    .status, .signIn(["Ann", "Bob"]), .signOut, .team("Owls"),
    .set(key: "mode", value: "coop"), .reset(key: "volume"), .reset(key: nil),
    .nameGame(id: 12, name: "Ann"), .nameLatest(name: "Ann", count: 2), .resetScores, .reload,
    .recent(count: 200), .recent(count: 1), .tables, .players, .player(name: "Ann"),
    .nameEntry(game: 12),
  ]

  @Test(arguments: everyAction)
  func readsBackWhatItWrites(_ action: ControlRequest.Action) throws {
    let request = ControlRequest(id: .number(5), action: action)
    #expect(try ControlRequest(line: String(request.line.dropLast())) == request)
  }

  @Test func everyRequestOfTheTableIsWrittenAndReadBackAbove() throws {
    let written = Self.everyAction.map { action in
      ControlRequest(id: .number(1), action: action).line
    }
    let names = written.compactMap { line in
      line.firstMatch(of: /"request":"([a-z-]+)"/).map { String($0.1) }
    }
    #expect(Set(names) == Set(ControlRequest.names))
    #expect(ControlRequest.names.count == Set(ControlRequest.names).count, "each name once")
  }

  @Test func theReadOnlyRequestsAndNameEntryOnTheWire() throws {
    #expect(
      ControlRequest(id: .number(1), action: .tables).line == #"{"id":1,"request":"tables"}"# + "\n"
    )
    #expect(
      ControlRequest(id: .number(2), action: .players).line
        == #"{"id":2,"request":"players"}"# + "\n")
    #expect(
      ControlRequest(id: .number(3), action: .player(name: "ANNA")).line
        == #"{"id":3,"name":"ANNA","request":"player"}"# + "\n")
    #expect(
      ControlRequest(id: .number(4), action: .nameEntry(game: 12)).line
        == #"{"game":12,"id":4,"request":"name-entry"}"# + "\n")
  }

  @Test func recentListsAsManyGamesAsItMayWithoutACount() throws {
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"recent"}"#).action
        == .recent(count: ControlRequest.maximumRecent))
  }

  @Test func aSettingsValueMayBeANumberOrABoolean() throws {
    #expect(
      try ControlRequest(line: #"{"id":1,"request":"set","key":"volume","value":35}"#).action
        == .set(key: "volume", value: "35"))
    #expect(
      try ControlRequest(line: #"{"id":"x","request":"set","key":"sound","value":false}"#)
        == ControlRequest(id: .text("x"), action: .set(key: "sound", value: "false")))
  }

  @Test(arguments: [
    ("[]", "not a JSON object: a request is {\"id\":1,\"request\":\"status\"}", false),
    (#"{"request":"status"}"#, "missing \"id\": every request carries one", false),
    (#"{"id":1.5,"request":"status"}"#, "\"id\" must be a whole number or a string", false),
    (
      #"{"id":1}"#,
      "missing \"request\": one of status, sign-in, sign-out, team, set, reset, name, name-latest, reset-scores, reload, recent, tables, players, player, name-entry",
      true
    ),
    (
      #"{"id":1,"request":"dance"}"#,
      "unknown request \"dance\"; requests are: status, sign-in, sign-out, team, set, reset, name, name-latest, reset-scores, reload, recent, tables, players, player, name-entry",
      true
    ),
    (
      #"{"id":1,"request":"status","x":1}"#,
      "unknown member \"x\" in status; it takes nothing more", true
    ),
    (#"{"id":1,"request":"sign-in","players":"Ann"}"#, "\"players\" must be a list of names", true),
    (
      #"{"id":1,"request":"name","game":"7","name":"Ann"}"#, "\"game\" must be a whole number", true
    ),
    (
      #"{"id":1,"request":"name-latest","name":"Ann","count":0}"#, "\"count\" is from 1 to 1000",
      true
    ),
    (#"{"id":1,"request":"recent","count":201}"#, "\"count\" is from 1 to 200", true),
    (
      #"{"id":1,"request":"reset","key":"mode","all":true}"#,
      "reset takes \"key\" or \"all\":true, not both", true
    ),
    (
      #"{"id":1,"request":"tables","mode":"classic"}"#,
      "unknown member \"mode\" in tables; it takes nothing more", true
    ),
    (#"{"id":1,"request":"player"}"#, "\"name\" must be a string", true),
    (#"{"id":1,"request":"player","name":["Ann"]}"#, "\"name\" must be a string", true),
    (#"{"id":1,"request":"name-entry","game":"7"}"#, "\"game\" must be a whole number", true),
    (
      #"{"id":1,"request":"name-entry","game":7,"name":"Ann"}"#,
      "unknown member \"name\" in name-entry; it takes game", true
    ),
  ])
  func aBadLineSaysWhatIsWrong(_ line: String, _ message: String, _ hasID: Bool) {
    #expect(throws: ControlRequestError(message, id: hasID ? .number(1) : nil)) {
      try ControlRequest(line: line)
    }
  }
}
