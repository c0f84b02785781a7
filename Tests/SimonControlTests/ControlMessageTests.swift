import SimonControl
import SimonGame
import SimonScores
import Testing

@Suite("The control protocol's lines")
struct ControlMessageTests {
  static let view = CabinetView(
    phase: .player, mode: .coop, difficulty: .hard, level: nil, round: 3, points: 25,
    players: ["Ann", "Bob"], turn: 1, out: [], signedIn: ["Ann", "Bob"], team: "Owls",
    countdown: nil, menu: MenuView(page: .mode, choice: 2, value: "coop", choices: 4),
    codeEntered: nil)
  static let settings = ControlSettings(values: .defaults, changed: ["mode"])

  @Test(arguments: [
    ControlMessage.hello(
      ControlHello(
        protocolVersion: 1, cabinet: "pi", version: "0.1.0", stateDirectory: "/var/lib/s",
        hardware: "gpio")),
    .snapshot(
      ControlSnapshot(lit: [.green: true], tone: nil, state: view, settings: settings), t: 5),
    .led(.red, on: true, t: 7),
    .tone(415.0, t: 8),
    .tone(nil, t: 9),
    .state(view, t: 10),
    .state(
      CabinetView(
        phase: .simon, mode: .classic, difficulty: .medium, level: nil, round: 4, points: 0,
        players: ["Player"], turn: nil, out: [], signedIn: [], team: nil, countdown: nil,
        menu: nil, codeEntered: nil, replay: .longest), t: 13),
    .settings(settings, t: 11),
    .scoresChanged("reset", t: 12),
    .ok(.number(3), ControlResult(players: ["Ann"], team: "Team")),
    .ok(.text("a"), ControlResult()),
    .ok(
      .number(4),
      ControlResult(
        snapshot: ControlSnapshot(
          lit: [.green: false, .red: false, .yellow: false, .blue: false], tone: 209,
          state: view, settings: settings))),
    .error("no player named 'Zed'", id: .number(2), reason: .notFound),
    .error("not a JSON object", id: nil, reason: .invalid),
    .error("from a simond that gives no reason", id: .number(5), reason: nil),
  ])
  func readsBackWhatItWrites(_ message: ControlMessage) throws {
    let line = message.line
    #expect(line.hasSuffix("\n"))
    #expect(!line.dropLast().contains("\n"))
    var expected = message
    if case .snapshot(var shot, let t) = message {
      for pad in Pad.allCases where shot.lit[pad] == nil { shot.lit[pad] = false }
      expected = .snapshot(shot, t: t)
    }
    #expect(try ControlMessage(line: String(line.dropLast())) == expected, "\(line)")
  }

  @Test func aRefusalCarriesItsReasonAndAnUnknownOneIsLeftOut() throws {
    #expect(
      ControlMessage.error("no player named 'Zed'", id: .number(2), reason: .notFound).line
        == #"{"error":"no player named 'Zed'","id":2,"reason":"not-found"}"# + "\n")
    #expect(
      try ControlMessage(line: #"{"error":"later","id":3,"reason":"overheated"}"#)
        == .error("later", id: .number(3), reason: nil),
      "a reason from a newer simond")
    #expect(
      ControlRefusalReason.allCases.map(\.rawValue)
        == ["invalid", "not-found", "conflict", "unavailable"])
  }

  @Test func aGameOverCarriesTheRecordAndItsPlace() throws {
    let result = GameResult(
      points: 30, rounds: 3, mode: .classic, difficulty: .medium, name: "Player",
      members: ["Player"], ending: .mistake, duration: .seconds(20))
    let record = GameRecord(
      id: 7, result: result, startedAt: .init(timeIntervalSince1970: 1_795_289_825),
      endedAt: .init(timeIntervalSince1970: 1_795_289_845))
    let message = ControlMessage.gameOver(
      ControlGameOver(record: record, result: result, rank: 1, newBest: true), t: 99)
    #expect(message.line.contains("\"new_best\":true"))
    #expect(message.line.contains("\"rank\":1"))
    #expect(!message.line.contains("\"reaction\""), "no press, no reaction times")
    #expect(try ControlMessage(line: message.line) == message)
  }

  @Test func aGameOverCarriesItsReactionTimesInMilliseconds() throws {
    let result = GameResult(
      points: 30, rounds: 2, mode: .classic, difficulty: .medium, name: "Player",
      members: ["Player"], ending: .quit, duration: .seconds(20),
      reactions: [[.milliseconds(430)], [.microseconds(300_400), .milliseconds(351)]])
    let message = ControlMessage.gameOver(
      ControlGameOver(record: nil, result: result, rank: nil, newBest: false), t: 99)
    #expect(
      message.line.contains(
        #""reaction":{"best_ms":300,"median_by_turn_ms":[430,326],"median_ms":351,"presses":3}"#),
      "\(message.line)")
    #expect(message.line.contains(#""ending":"quit""#))
    #expect(try ControlMessage(line: message.line) == message)
  }

  @Test func theStateNamesWhoseTurnItIs() {
    let line = ControlMessage.state(Self.view, t: 1).line
    #expect(line.contains("\"turn\":1"))
    #expect(line.contains("\"turn_name\":\"Bob\""))
    #expect(line.contains("\"signed_in\":[\"Ann\",\"Bob\"]"))
    #expect(line.contains("\"countdown\":null"))
  }
}
