import Foundation
import Glibc
import SimonHardware
import SimonPOSIX
import Synchronization
import Testing

/// An actor that runs on a cabinet thread.
private actor OnThread {
  nonisolated let thread: CabinetThread
  var calls = 0
  init(_ thread: CabinetThread) { self.thread = thread }
  nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
  func call() -> Bool {
    calls += 1
    return thread.isCurrent
  }
}

@Suite("The cabinet thread")
struct CabinetThreadTests {
  @Test func anActorOfTheThreadRunsItsJobsThereInOrder() async throws {
    let thread = try CabinetThread()
    let actor = OnThread(thread)
    #expect(!thread.isCurrent)
    for _ in 0..<100 { #expect(await actor.call()) }
    #expect(await actor.calls == 100)
  }

  /// An operator tells it apart in `ps -L` and `top -H`, where its priority shows.
  @Test func theThreadIsNamedForTheCabinet() async throws {
    let thread = try CabinetThread()
    let name = await thread.perform {
      (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    }
    #expect(name == "simon-cabinet\n")
  }

  /// The thread rings no bell for itself (a write to its pipe, a system call, for every
  /// timer the runner moves): what it queues, and the watches it makes, are looked at
  /// before it waits again, so none of them waits for a wake-up that never comes.
  @Test(.timeLimit(.minutes(1)))
  func jobsAndWatchesTheThreadMakesForItselfRunWithoutABell() async throws {
    let thread = try CabinetThread()
    let actor = OnThread(thread)
    #expect(await actor.callFromATaskOfItsOwn())
    let (due, continuation) = AsyncStream.makeStream(of: Bool.self)
    await thread.perform {
      _ = thread.watch([], until: MonotonicClock().now) { _, _ in
        continuation.yield(thread.isCurrent)
        return .stop
      }
    }
    var iterator = due.makeAsyncIterator()
    #expect(await iterator.next() == true)
  }

  @Test func aWatchRunsOnTheThreadWhenItsDescriptorIsReadableAndEntersTheActorThere() async throws {
    let thread = try CabinetThread()
    let actor = OnThread(thread)
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let (calls, continuation) = AsyncStream.makeStream(of: [CabinetThread.Readiness].self)
    let watch = thread.watch([ends[0]]) { [readEnd = ends[0]] ready, _ in
      var byte: UInt8 = 0
      _ = read(readEnd, &byte, 1)
      let entered = actor.assumeIsolated { $0.call() }
      #expect(entered)
      continuation.yield(ready)
      return .wait(until: nil)
    }
    var byte: UInt8 = 1
    _ = write(ends[1], &byte, 1)
    var iterator = calls.makeAsyncIterator()
    #expect(await iterator.next() == [.readable])
    #expect(await actor.calls == 1)
    thread.unwatch(watch)
  }

  @Test func aWatchIsCalledAtTheDeadlineItAskedForUntilItStops() async throws {
    let thread = try CabinetThread()
    let (calls, continuation) = AsyncStream.makeStream(of: MonotonicInstant.self)
    let deadlines = Mutex<[MonotonicInstant]>([])
    let start = MonotonicClock().now
    thread.watch([], until: start) { ready, now in
      #expect(ready == [])
      continuation.yield(now)
      let asked = deadlines.withLock { deadlines -> Int in
        deadlines.append(now.advanced(by: .milliseconds(1)))
        return deadlines.count
      }
      if asked == 3 {
        continuation.finish()
        return .stop
      }
      return .wait(until: now.advanced(by: .milliseconds(1)))
    }
    var times: [MonotonicInstant] = []
    for await now in calls { times.append(now) }
    // Each call no earlier than the deadline asked for.
    #expect(times.count == 3)
    #expect(times[0] >= start)
    let asked = deadlines.withLock { $0 }
    #expect(times[1] >= asked[0])
    #expect(times[2] >= asked[1])
  }

  @Test func afterUnwatchTheHandlerNeverRunsAgain() async throws {
    let thread = try CabinetThread()
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let calls = Mutex(0)
    let watch = thread.watch([ends[0]]) { _, _ in
      calls.withLock { $0 += 1 }
      return .wait(until: nil)
    }
    thread.unwatch(watch)
    let before = calls.withLock { $0 }
    var byte: UInt8 = 1
    _ = write(ends[1], &byte, 1)
    // A job queued after the write runs after the thread's next turn, which saw the byte.
    await thread.perform {}
    await thread.perform {}
    #expect(calls.withLock { $0 } == before)
  }
}

@Suite("The cabinet clock")
struct CabinetClockTests {
  @Test func aSleeperWakesOnTheCabinetThreadNoEarlierThanItsDeadline() async throws {
    let thread = try CabinetThread()
    let clock = CabinetClock(thread: thread)
    let actor = OnThread(thread)
    let deadline = clock.now.advanced(by: .milliseconds(2))
    try await actor.sleepThenCheck(on: clock, until: deadline)
    #expect(clock.now >= deadline)
    #expect(await actor.calls == 1)
  }

  /// A task that prefers the thread comes back to it from a sleep with no pool thread in
  /// between: the code after the sleep, outside any actor, runs on the thread itself.
  @Test func aTaskThatPrefersTheThreadResumesFromASleepOnIt() async throws {
    let thread = try CabinetThread()
    let clock = CabinetClock(thread: thread)
    let sleeper = Task(executorPreference: thread) {
      let before = thread.isCurrent
      try await clock.sleep(until: clock.now.advanced(by: .milliseconds(2)))
      return (before, thread.isCurrent)
    }
    let (startedOnThread, resumedOnThread) = try await sleeper.value
    #expect(startedOnThread)
    #expect(resumedOnThread)
  }

  @Test func aCancelledSleepEndsAtOnceWithCancellationError() async throws {
    let clock = CabinetClock(thread: try CabinetThread())
    let sleep = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(86_400))) }
    sleep.cancel()
    await #expect(throws: CancellationError.self) { try await sleep.value }
  }
}

extension OnThread {
  /// Queues a job on its own thread, from that thread, and waits for it.
  fileprivate func callFromATaskOfItsOwn() async -> Bool {
    await Task { self.call() }.value
  }

  /// Sleeps on `clock`, then checks it resumed on its thread.
  fileprivate func sleepThenCheck(on clock: CabinetClock, until deadline: MonotonicInstant)
    async throws
  {
    try await clock.sleep(until: deadline)
    #expect(call(), "resumed on the cabinet thread")
  }
}
