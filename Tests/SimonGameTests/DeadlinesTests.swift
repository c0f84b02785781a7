import Testing

@testable import SimonGame

@Suite("Deadlines: the timers' bookkeeping")
struct DeadlinesTests {
  @Test func dueKeysComeOutOneAtATimeInDeadlineOrder() {
    var deadlines = Deadlines<String>()
    deadlines.set("late", at: .milliseconds(30))
    deadlines.set("early", at: .milliseconds(10))
    deadlines.set("middle", at: .milliseconds(20))
    #expect(deadlines.earliest == .milliseconds(10))
    #expect(deadlines.takeDue(upTo: .milliseconds(5)) == nil)
    #expect(deadlines.takeDue(upTo: .milliseconds(25))! == ("early", .milliseconds(10)))
    #expect(deadlines.takeDue(upTo: .milliseconds(25))! == ("middle", .milliseconds(20)))
    #expect(deadlines.takeDue(upTo: .milliseconds(25)) == nil)
    #expect(deadlines.earliest == .milliseconds(30))
    #expect(deadlines.takeDue(upTo: .milliseconds(30))! == ("late", .milliseconds(30)))
    #expect(deadlines.isEmpty)
    #expect(deadlines.earliest == nil)
  }

  @Test func tiesComeOutInTheOrderTheyWereSetAndMovingAKeySetsItAgain() {
    var deadlines = Deadlines<String>()
    deadlines.set("a", at: .milliseconds(10))
    deadlines.set("b", at: .milliseconds(10))
    deadlines.set("c", at: .milliseconds(10))
    deadlines.set("a", at: .milliseconds(10))
    let order = (0..<3).compactMap { _ in deadlines.takeDue(upTo: .milliseconds(10))?.key }
    #expect(order == ["b", "c", "a"])
  }

  @Test func aMovedKeyIsPendingOnceAtItsNewDeadline() {
    var deadlines = Deadlines<String>()
    deadlines.set("a", at: .milliseconds(10))
    deadlines.set("a", at: .milliseconds(40))
    #expect(deadlines.deadline(of: "a") == .milliseconds(40))
    #expect(deadlines.takeDue(upTo: .milliseconds(39)) == nil)
    #expect(deadlines.takeDue(upTo: .milliseconds(40))! == ("a", .milliseconds(40)))
    #expect(deadlines.takeDue(upTo: .seconds(1)) == nil)
  }

  @Test func aCancelledKeyNeverComesDueAndCancellingAnUnknownOneIsHarmless() {
    var deadlines = Deadlines<String>()
    deadlines.set("a", at: .milliseconds(10))
    deadlines.set("b", at: .milliseconds(20))
    deadlines.cancel("a")
    deadlines.cancel("never set")
    #expect(deadlines.deadline(of: "a") == nil)
    #expect(deadlines.earliest == .milliseconds(20))
    #expect(deadlines.takeDue(upTo: .seconds(1))! == ("b", .milliseconds(20)))
    #expect(deadlines.isEmpty)
  }
}
