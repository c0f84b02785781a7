import SimonGame
import SimonScores
import Testing

@Suite struct PadCodeTests {
  @Test(arguments: [
    "green red red blue", "GREEN Red red BLUE", "green,red,red,blue", "green-red-red-blue",
    "1 2 2 4", "1224", "  green  red red blue ",
  ])
  func readsTheWaysPeopleWriteIt(_ text: String) throws {
    let code = try PadCode(parsing: text)
    #expect(code.pads == [.green, .red, .red, .blue])
    #expect(code.description == "green red red blue")
  }

  @Test func refusesOtherCountsAndWords() {
    #expect(throws: PlayerError.invalidCode("green red", reason: "a code is 4 presses, not 2")) {
      try PadCode(parsing: "green red")
    }
    #expect(
      throws: PlayerError.invalidCode(
        "green red red purple",
        reason: "'purple' is not a pad: use green, red, yellow, blue or 1-4")
    ) { try PadCode(parsing: "green red red purple") }
    #expect(throws: PlayerError.self) { try PadCode(parsing: "12345") }
    #expect(throws: PlayerError.self) { try PadCode(parsing: "") }
  }

  @Test func thereAre256Codes() {
    let all = PadCode.all
    #expect(all.count == 256)
    #expect(Set(all).count == 256)
    #expect(all.first?.description == "green green green green")
    #expect(all.last?.description == "blue blue blue blue")
  }
}
