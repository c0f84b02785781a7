import Testing

@testable import SimonGPIO

@Suite("The lost-edge policy")
struct LostEdgeCheckTests {
  let green = LineID(chip: "/dev/gpiochip0", offset: 17)
  let red = LineID(chip: "/dev/gpiochip0", offset: 27)

  @Test func aLineIsReadAtOnceThenFiveAndFifteenMillisecondsAfterItsLastEdge() {
    var check = LostEdgeCheck()
    var reads: [UInt64] = []
    var now: UInt64 = 1_000_000_000
    check.saw([RawEdge(line: green, rising: true, nanoseconds: 999_000_000)], at: now)
    while let due = check.nextDue {
      now = due
      _ = check.check(dueBy: now) { _ in
        reads.append(now - 1_000_000_000)
        return true
      }
    }
    #expect(reads == [0, 5_000_000, 15_000_000])
  }

  @Test func aNewEdgeStartsTheReadsAgain() {
    var check = LostEdgeCheck()
    check.saw([RawEdge(line: green, rising: true, nanoseconds: 0)], at: 100)
    _ = check.check(dueBy: 100) { _ in true }
    #expect(check.nextDue == 5_000_100)
    check.saw([RawEdge(line: green, rising: false, nanoseconds: 0)], at: 3_000_000)
    #expect(check.nextDue == 3_000_000)
  }

  @Test func aLevelWhereTheLastEdgeLeftItMakesNoEdge() {
    var check = LostEdgeCheck()
    check.saw([RawEdge(line: green, rising: true, nanoseconds: 0)], at: 10)
    #expect(check.check(dueBy: 10) { _ in true } == [])
    #expect(check.check(dueBy: 5_000_010) { _ in nil } == [], "an unreadable level decides nothing")
  }

  @Test func aLevelThatDisagreesIsALostEdgeMadeAtTheRead() {
    var check = LostEdgeCheck()
    check.saw(
      [
        RawEdge(line: red, rising: true, nanoseconds: 1),
        RawEdge(line: green, rising: true, nanoseconds: 2),
        RawEdge(line: green, rising: false, nanoseconds: 3),
      ], at: 50)
    // Green's last bounce (down again) was lost: the line reads pressed.
    #expect(
      check.check(dueBy: 50) { $0 == self.green }
        == [
          RawEdge(line: green, rising: true, nanoseconds: 50),
          RawEdge(line: red, rising: false, nanoseconds: 50),
        ].sorted { $0.line.offset < $1.line.offset })
    // Now each line is where the reads left it: no more edges while the levels stay.
    #expect(check.check(dueBy: 5_000_050) { $0 == self.green } == [])
    #expect(check.check(dueBy: 15_000_050) { $0 == self.green } == [])
    #expect(check.nextDue == nil)
  }
}
