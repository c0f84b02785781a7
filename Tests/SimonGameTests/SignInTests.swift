import Testing

@testable import SimonGame

@Suite("Signing in at the cabinet")
struct SignInTests {
  /// Holds green and red together for 2 s, releases them, enters a code.
  static func enterCode(_ code: [Pad], in harness: inout GameHarness) -> [Effect] {
    harness.press(.green)
    harness.advance(by: .milliseconds(100))
    harness.press(.red)
    harness.advance(by: .seconds(2))
    #expect(harness.game.stage.kind == .signIn)
    harness.release(.green)
    harness.release(.red)
    var effects: [Effect] = []
    for pad in code {
      harness.advance(by: .milliseconds(300))
      effects += harness.tap(Input(pad))
    }
    return effects
  }

  @Test func twoPadsHeldTwoSecondsThenFourPressesAskWhoseCodeItIs() {
    var harness = GameHarness()
    let effects = Self.enterCode([.blue, .blue, .yellow, .green], in: &harness)
    #expect(effects.contains(.codeEntered([.blue, .blue, .yellow, .green])))
    #expect(harness.game.status.phase == .idle, "entering a code starts no game")
    #expect(harness.records.isEmpty)
  }

  @Test func theAnswerNamesThePlayerOfTheNextGame() {
    var harness = GameHarness()
    _ = Self.enterCode([.red, .red, .red, .red], in: &harness)
    harness.send(.signedIn("Ann", at: harness.now))
    harness.advanceWhileShowing()
    #expect(harness.game.stage.kind == .idle)
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    #expect(harness.records.map(\.name) == ["Ann"])
  }

  @Test func anAnswerThatComesWhileAPadIsPressedToStartLetsThatPressStartTheGame() {
    var harness = GameHarness()
    _ = Self.enterCode([.red, .red, .red, .red], in: &harness)
    harness.advance(by: .milliseconds(300))
    harness.press(.green)
    let effects = harness.send(.signedIn("Ann", at: harness.now))
    #expect(!effects.contains(.light(.green, on: false)), "no welcome flash over the press")
    harness.advance(by: .milliseconds(150))
    harness.release(.green)
    #expect(harness.game.status.phase == .countdown)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    #expect(harness.records.map(\.name) == ["Ann"])
  }

  @Test func theWelcomeFlashesWhileTheCodesLastPadIsStillHeld() {
    var harness = GameHarness()
    harness.press(.green)
    harness.advance(by: .milliseconds(100))
    harness.press(.red)
    harness.advance(by: .seconds(2))
    harness.release(.green)
    harness.release(.red)
    for pad in [Pad.red, .red, .red] {
      harness.advance(by: .milliseconds(300))
      harness.tap(Input(pad))
    }
    harness.advance(by: .milliseconds(300))
    harness.press(.blue)
    let effects = harness.send(.signedIn("Ann", at: harness.now))
    #expect(effects.contains(.light(.yellow, on: true)), "all pads flash")
  }

  @Test func anUnknownCodeRazzesAndNobodyIsSignedIn() {
    var harness = GameHarness()
    _ = Self.enterCode([.red, .red, .red, .red], in: &harness)
    let effects = harness.send(.signedIn(nil, at: harness.now))
    #expect(effects.contains(.tone(.razz)))
    harness.advanceWhileShowing()
    harness.tap(.green)
    harness.advance(untilPhase: .player)
    harness.advance(by: .seconds(3))
    #expect(harness.records.map(\.name) == ["Player"])
  }

  @Test func codeEntryGivesUpAfterFiveQuietSeconds() {
    var harness = GameHarness()
    harness.press(.green)
    harness.press(.red)
    harness.advance(by: .seconds(2))
    harness.release(.green)
    harness.release(.red)
    harness.tap(.blue)
    harness.advance(by: .seconds(5))
    #expect(harness.game.stage.kind == .idle)
    harness.tap(.yellow)
    #expect(harness.game.status.phase == .countdown, "a press now starts a game again")
  }

  @Test func theAttractAnimationSignsThePlayerOut() {
    var harness = GameHarness()
    _ = Self.enterCode([.red, .red, .red, .red], in: &harness)
    harness.send(.signedIn("Ann", at: harness.now))
    harness.advance(by: .seconds(61))
    #expect(harness.game.status.phase == .attract)
    #expect(harness.game.cabinet.playerNames.isEmpty)
  }

  @Test func aChordReleasedEarlyIsNeitherAStartNorASignIn() {
    var harness = GameHarness()
    harness.press(.green)
    harness.press(.red)
    harness.advance(by: .seconds(1))
    harness.release(.green)
    harness.release(.red)
    harness.advance(by: .seconds(2))
    #expect(harness.game.stage.kind == .idle)
    #expect(harness.game.status.phase == .idle)
  }
}
