import SimonGame
import SimonTerminal
import Testing

@Suite("Holding a tapped input")
struct HeldInputTests {
  @Test func aTapPressesAndItsTimerReleases() {
    var held = HeldInput()
    #expect(held.tap(.green) == [.press(.green)])
    #expect(held.inputs == [.green])
    #expect(held.releaseAfter == HeldInput.holdTime)
    #expect(!held.isGesture)
    #expect(held.expire(held.generation) == [.release(.green)])
    #expect(held.inputs.isEmpty)
    #expect(held.expire(held.generation) == [])
  }

  @Test func anotherKeyReleasesFirstAndTheOldTimerDoesNothing() {
    var held = HeldInput()
    _ = held.tap(.green)
    let first = held.generation
    #expect(held.tap(.red) == [.release(.green), .press(.red)])
    #expect(held.expire(first) == [])
    #expect(held.inputs == [.red])
    #expect(held.tap(.red) == [.release(.red), .press(.red)])
  }

  @Test func aGestureHoldsSeveralInputsTogetherForItsTime() {
    var held = HeldInput()
    _ = held.tap(.blue)
    #expect(
      held.hold([.green, .red], for: .seconds(2))
        == [.release(.blue), .press(.green), .press(.red)])
    #expect(held.isGesture)
    #expect(held.releaseAfter == .seconds(2))
    #expect(held.expire(held.generation) == [.release(.green), .release(.red)])
    #expect(!held.isGesture)
  }

  @Test func leavingReleasesWhatIsHeld() {
    var held = HeldInput()
    #expect(held.releaseAll() == [])
    _ = held.tap(.start)
    #expect(held.releaseAll() == [.release(.start)])
    #expect(held.releaseAll() == [])
  }

  @Test func theHoldOutlastsTheGamesShortestPress() {
    #expect(HeldInput.holdTime > Timings.minimumPress)
    #expect(HeldInput.gestureMargin > .zero)
  }
}
