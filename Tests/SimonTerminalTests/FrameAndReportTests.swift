import SimonGame
import SimonSim
import SimonTerminal
import Testing

@Suite("Frames and the status report")
struct FrameAndReportTests {
  @Test func aFrameRedrawsInPlaceInOneWrite() {
    #expect(Frame.text(["a", "b"]) == "\u{1B}[Ha\u{1B}[K\r\nb\u{1B}[K\u{1B}[J")
    #expect(Frame.text(["a"], clearFirst: true) == "\u{1B}[H\u{1B}[2Ja\u{1B}[K\u{1B}[J")
  }

  @Test func theReportIsATableOrOneJSONObject() throws {
    var view = SimCabinetView()
    view.apply(.led(.red, on: true, t: 1))
    view.apply(.led(.green, on: true, t: 1))
    view.apply(.state(Status(phase: .player, round: 3, points: 25), t: 1))
    let report = try #require(StatusReport(socket: "/run/user/1000/simond.sock", view: view))
    #expect(
      report.text == """
        socket  /run/user/1000/simond.sock
        state   player (your turn)
        round   3
        points  25
        lit     green, red
        """)
    #expect(
      report.json
        == #"{"lit":["green","red"],"points":25,"round":3,"socket":"/run/user/1000/simond.sock","state":"player"}"#
    )
  }

  @Test func anIdleCabinetSaysSoPlainly() throws {
    var view = SimCabinetView()
    view.apply(.state(Status(phase: .idle, round: 0, points: 0), t: 1))
    let report = try #require(StatusReport(socket: "/s", view: view))
    #expect(report.text.contains("state   idle\n"))
    #expect(report.text.hasSuffix("lit     none"))
    #expect(report.json == #"{"lit":[],"points":0,"round":0,"socket":"/s","state":"idle"}"#)
  }

  @Test func noReportBeforeTheState() {
    var view = SimCabinetView()
    view.apply(.led(.red, on: true, t: 1))
    #expect(StatusReport(socket: "/s", view: view) == nil)
  }
}
