import SimonGame
import SimonSim
import Testing

@Suite("What a client knows of the cabinet")
struct SimCabinetViewTests {
  @Test func foldsEveryMessage() {
    var view = SimCabinetView()
    #expect(view.status == nil)
    view.apply(.led(.green, on: true, t: 1))
    view.apply(.led(.blue, on: true, t: 1))
    view.apply(.led(.green, on: false, t: 2))
    view.apply(.tone(415, t: 2))
    view.apply(.state(Status(phase: .gameover, round: 4, points: 40), t: 3))
    view.apply(.gameOver(record: #"{"points":40,"rounds":4,"name":"Bo","ending":"timeout"}"#, t: 3))
    view.apply(.error("bad line"))
    #expect(view.lit == [.blue])
    #expect(view.tone == 415)
    #expect(view.status == Status(phase: .gameover, round: 4, points: 40))
    #expect(view.lastGame == SimGameSummary(points: 40, rounds: 4, name: "Bo", ending: "timeout"))
    #expect(view.lastError == "bad line")
    view.apply(.tone(nil, t: 4))
    #expect(view.tone == nil)
  }

  @Test func readsTheRecordLeniently() {
    let record =
      #"{"id":7,"points":25,"rounds":3,"mode":"classic","difficulty":"medium","name":"Ann","#
      + #""members":["Ann"],"ending":"a-new-ending","level":null,"duration_ms":4321}"#
    #expect(
      SimGameSummary(record: record)
        == SimGameSummary(
          points: 25, rounds: 3, name: "Ann", ending: "a-new-ending", mode: "classic",
          difficulty: "medium"))
    #expect(SimGameSummary(record: #"{"points":1,"rounds":1,"name":5}"#)?.name == nil)
    #expect(SimGameSummary(record: #"{"points":1}"#) == nil)
    #expect(SimGameSummary(record: "[]") == nil)
  }

  @Test func theDefaultSocketFollowsTheDaemon() {
    #expect(
      SimSocketPath.defaultPath(environment: ["RUNTIME_DIRECTORY": "/run/simon:/x"], uid: 5)
        == "/run/simon/sim.sock")
    #expect(
      SimSocketPath.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000)
        == "/run/user/1000/simond.sock")
    #expect(SimSocketPath.defaultPath(environment: [:], uid: 1000) == "/tmp/simond-1000.sock")
  }
}
