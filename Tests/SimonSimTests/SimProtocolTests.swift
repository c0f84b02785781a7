import SimonGame
import SimonSim
import Testing

@Suite("Socket protocol lines")
struct SimProtocolTests {
  @Test func clientLinesParse() throws {
    #expect(try SimClientMessage(line: #"{"press":"green"}"#) == .press(.green))
    #expect(try SimClientMessage(line: #"{"release":"longest"}"#) == .release(.longest))
    #expect(try SimClientMessage(line: #" { "press" : "up" } "#) == .press(.up))
  }

  @Test(arguments: [
    ("", "not a JSON object"),
    ("press green", "not a JSON object"),
    (#"{"press":"purple"}"#, "unknown input \"purple\""),
    (#"{"push":"green"}"#, "unknown key \"push\""),
    (#"{"press":"green","release":"green"}"#, "exactly one key"),
    (#"{"press":1}"#, "not a JSON object"),
    (#"[1,2]"#, "not a JSON object"),
  ])
  func malformedClientLinesSayWhatIsWrong(_ line: String, _ message: String) {
    #expect {
      try SimClientMessage(line: line)
    } throws: { error in
      (error as? SimProtocolError)?.message.contains(message) == true
    }
  }

  @Test func anOverlongLineIsRefused() {
    let line = #"{"press":""# + String(repeating: "x", count: 300) + #""}"#
    #expect(throws: SimProtocolError("line longer than 256 bytes")) {
      try SimClientMessage(line: line)
    }
  }

  @Test func serverLinesAreExactlyTheContract() {
    #expect(
      SimServerMessage.led(.green, on: true, t: 12).line == #"{"led":"green","on":true,"t":12}"#
        + "\n")
    #expect(SimServerMessage.tone(415, t: 5).line == #"{"tone":415.0,"t":5}"# + "\n")
    #expect(SimServerMessage.tone(261.63, t: 5).line == #"{"tone":261.63,"t":5}"# + "\n")
    #expect(SimServerMessage.tone(nil, t: 6).line == #"{"tone":null,"t":6}"# + "\n")
    #expect(
      SimServerMessage.state(Status(phase: .player, round: 3, points: 25), t: 7).line
        == #"{"state":"player","round":3,"points":25,"t":7}"# + "\n")
    #expect(
      SimServerMessage.gameOver(record: #"{"points":5}"#, t: 8).line
        == #"{"game_over":{"points":5},"t":8}"# + "\n")
    #expect(SimServerMessage.haptic(on: true, t: 9).line == #"{"haptic":true,"t":9}"# + "\n")
    #expect(SimServerMessage.error("bad \"x\"").line == #"{"error":"bad \"x\""}"# + "\n")
  }

  @Test func serverLinesRoundTrip() throws {
    let messages: [SimServerMessage] = [
      .led(.blue, on: false, t: 1), .tone(42, t: 2), .tone(nil, t: 3), .haptic(on: false, t: 5),
      .state(Status(phase: .gameover, round: 4, points: 40), t: 4), .error("x"),
    ]
    for message in messages {
      #expect(try SimServerMessage(line: String(message.line.dropLast())) == message)
    }
    let over = try SimServerMessage(line: #"{"game_over":{"points":5,"name":"Ann"},"t":9}"#)
    guard case .gameOver(let record, 9) = over else {
      Issue.record("not a game over: \(over)")
      return
    }
    #expect(record.contains(#""name":"Ann""#))
  }
}
