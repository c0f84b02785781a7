import SimonHardware
import Testing

@Suite("Manual clock")
struct ManualClockTests {
  @Test func advancingWakesEverySleeperDueAndStopsAtTheTarget() async {
    let clock = ManualClock(sleepersWhenIdle: 0)
    let start = clock.now
    let woke = WakeLog()
    let first = Task {
      try? await clock.sleep(until: start.advanced(by: .milliseconds(30)))
      await woke.add(30)
    }
    let second = Task {
      try? await clock.sleep(until: start.advanced(by: .milliseconds(10)))
      await woke.add(10)
    }
    while clock.sleeperCount < 2 { await Task.yield() }
    await clock.advance(by: .milliseconds(100))
    await first.value
    await second.value
    let entries = await woke.entries
    #expect(entries.sorted() == [10, 30])
    #expect(clock.now == start.advanced(by: .milliseconds(100)))
  }

  @Test func aPastDeadlineReturnsAtOnceAndCancellationThrows() async {
    let clock = ManualClock(sleepersWhenIdle: 0)
    try? await clock.sleep(until: clock.now)
    let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    while clock.sleeperCount < 1 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }
}

private actor WakeLog {
  var entries: [Int] = []
  func add(_ id: Int) { entries.append(id) }
}
