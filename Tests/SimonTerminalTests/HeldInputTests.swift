import SimonTerminal
import Testing

@Suite("Holding a tapped input")
struct HeldInputTests {
  @Test func aTapPressesAndItsTimerReleases() {
    var held = HeldInput()
    #expect(held.tap(.green) == [.press(.green)])
    #expect(held.input == .green)
    #expect(held.expire(held.generation) == [.release(.green)])
    #expect(held.input == nil)
    #expect(held.expire(held.generation) == [])
  }

  @Test func anotherKeyReleasesFirstAndTheOldTimerDoesNothing() {
    var held = HeldInput()
    _ = held.tap(.green)
    let first = held.generation
    #expect(held.tap(.red) == [.release(.green), .press(.red)])
    #expect(held.expire(first) == [])
    #expect(held.input == .red)
    #expect(held.tap(.red) == [.release(.red), .press(.red)])
  }

  @Test func leavingReleasesWhatIsHeld() {
    var held = HeldInput()
    #expect(held.releaseAll() == [])
    _ = held.tap(.start)
    #expect(held.releaseAll() == [.release(.start)])
    #expect(held.releaseAll() == [])
  }

  @Test func theHoldOutlastsTheGamesShortestPress() {
    #expect(HeldInput.holdTime > .milliseconds(120))
  }
}
