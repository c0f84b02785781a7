import SimonControl
import SimonGame
import Testing

@Suite("Folding the protocol's events into a snapshot")
struct ControlSnapshotFoldTests {
  static let idle = ControlMessageTests.view
  static let settings = ControlMessageTests.settings

  @Test func eventsChangeWhatTheyShowAndNothingElse() {
    var shown = ControlSnapshot(state: Self.idle, settings: Self.settings)
    #expect(shown.litPads.isEmpty)
    #expect(shown.lit.count == Pad.allCases.count)
    shown.apply(.led(.red, on: true, t: 1))
    shown.apply(.led(.blue, on: true, t: 2))
    shown.apply(.led(.red, on: false, t: 3))
    shown.apply(.tone(209, t: 4))
    var playing = Self.idle
    playing.phase = .simon
    shown.apply(.state(playing, t: 5))
    let changed = ControlSettings(values: .defaults, changed: [])
    shown.apply(.settings(changed, t: 6))
    let before = shown
    shown.apply(.scoresChanged("reset", t: 7))
    shown.apply(.ok(.number(1), ControlResult()))
    shown.apply(.error("no", id: nil, reason: .invalid))
    #expect(shown == before)
    #expect(shown.litPads == [.blue])
    #expect(shown.tone == 209)
    #expect(shown.state.phase == .simon)
    #expect(shown.settings == changed)
  }

  @Test func aSnapshotReplacesEverythingAndNothingComesBeforeTheFirst() {
    var known: ControlSnapshot?
    known.apply(.led(.green, on: true, t: 1))
    #expect(known == nil)
    let snapshot = ControlSnapshot(
      lit: [.yellow: true], tone: 310, state: Self.idle, settings: Self.settings)
    known.apply(.snapshot(snapshot, t: 2))
    #expect(known == snapshot)
    known.apply(.led(.green, on: true, t: 3))
    #expect(known?.litPads == [.yellow, .green])
  }

  @Test func everyEventHasItsTimeAndRepliesHaveNone() {
    #expect(ControlMessage.led(.red, on: true, t: 42).time == 42)
    #expect(ControlMessage.scoresChanged("named", t: 43).time == 43)
    #expect(ControlMessage.ok(.number(1), ControlResult()).time == nil)
    #expect(
      ControlMessage.hello(
        ControlHello(
          protocolVersion: 1, cabinet: "pi", version: "1", stateDirectory: "/s", hardware: "sim")
      ).time == nil)
  }
}
