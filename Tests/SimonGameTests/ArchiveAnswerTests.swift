import Testing

@testable import SimonGame

/// The archive's answers as events: the game knows which record its last game became,
/// and keeps its tables' bests, from `stored` alone.
@Suite("The archive's answers")
struct ArchiveAnswerTests {
  static func entry(_ game: Int) -> NameEntry {
    NameEntry(game: game, rank: 1, choices: [], alphabet: Array("AB"), maximumLength: 3)
  }

  /// A game that repeated its first round and timed out in the second, its razz over.
  static func endGame(_ harness: inout GameHarness) {
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.repeatSequence()
    harness.advance(untilPhase: .player)
    harness.advance(by: Timings(.medium).playerTimeout)
    harness.advanceWhileShowing()
  }

  @Test func nameEntryWaitsForTheRecordTheLastGameWasStoredAs() {
    var harness = GameHarness()
    Self.endGame(&harness)
    #expect(harness.game.stage.kind == .gameOver)
    #expect(harness.game.nameEntryRefusal(for: Self.entry(7)) == .notTheLastGame(7))
    #expect(harness.send(.stored(record: 7, at: harness.now)).isEmpty, "an answer shows nothing")
    #expect(harness.game.nameEntryRefusal(for: Self.entry(8)) == .notTheLastGame(8))
    #expect(harness.game.nameEntryRefusal(for: Self.entry(7)) == nil)
  }

  @Test func anAnswerForAnEarlierGameLeavesTheLastOneUnnamed() {
    var harness = GameHarness()
    Self.endGame(&harness)
    Self.endGame(&harness)
    #expect(harness.records.count == 2)
    // The first game was stored late (its file was locked), the second not yet.
    harness.send(.stored(record: 7, at: harness.now))
    #expect(harness.game.nameEntryRefusal(for: Self.entry(7)) == .notTheLastGame(7))
    harness.send(.stored(record: 8, at: harness.now))
    #expect(harness.game.nameEntryRefusal(for: Self.entry(8)) == nil)
    // An answer nobody asked for changes nothing.
    harness.send(.stored(record: 9, at: harness.now))
    #expect(harness.game.nameEntryRefusal(for: Self.entry(8)) == nil)
  }

  @Test func aStoredGameIsItsTablesBestAgainWhenTheBestsWereReplacedMeanwhile() {
    var harness = GameHarness()
    Self.endGame(&harness)
    let result = harness.records[0]
    #expect(harness.game.bests[result.table] == result.standing, "raised when the game ended")
    harness.game.bests = [:]  // the scores reset before the game was stored
    harness.send(.stored(record: 1, at: harness.now))
    #expect(harness.game.bests[result.table] == result.standing)
  }
}
