import Foundation
import SimonProcessSupport
import SimonTestTraits
import Synchronization
import Testing

/// A test that plays a real-time program runs on its own thread (`.realTime`): its
/// pauses, and its waits for what another thread hears, need no thread of the pool.
@Suite("A real-time test's own thread", .realTime)
struct RealTimeTraitTests {
  /// Hears a line from another thread, as a test's client hears simond.
  func hearFromAnotherThread() async -> Int? {
    let log = ArrivalLog<String>()
    Thread.detachNewThread { log.append(contentsOf: ["heard"]) }
    return await log.waitFor(timeout: .seconds(30)) { $0 == "heard" }
  }

  @Test func everyStepOfTheTestRunsOnItsOwnThread() async throws {
    let thread = try #require(TestThread.current)
    #expect(thread.isCurrent)
    await pause(for: .milliseconds(5))
    #expect(thread.isCurrent)
    #expect(await hearFromAnotherThread() == 0)
    #expect(thread.isCurrent)
    try await Task.sleep(for: .milliseconds(5))
    #expect(thread.isCurrent)
    async let child = thread.isCurrent
    #expect(await child)
  }

  @Test func aPauseEndsNoEarlierThanAsked() async {
    for milliseconds in [0, 1, 20, 150] {
      let start = ContinuousClock.now
      await pause(for: .milliseconds(milliseconds))
      #expect(ContinuousClock.now - start >= .milliseconds(milliseconds))
    }
  }

  /// The case the trait is for: every thread of the pool computes (here until this test
  /// lets them go; yielding the processor, never the pool thread), and the test still
  /// pauses and hears. Without its own thread the pause would wait for the pool, and the
  /// computations would reach their 30 s bound first. A task queued once they all run
  /// shows that they held the whole pool: it must not run before they are let go.
  @Test func withEveryPoolThreadBusyTheTestStillPausesAndHears() async throws {
    let threads = ProcessInfo.processInfo.activeProcessorCount
    let pool = BusyPool()
    for _ in 0..<threads {
      Task.detached { [pool] in
        pool.busy.add(1, ordering: .sequentiallyConsistent)
        let bound = ContinuousClock.now + .seconds(30)
        while !pool.letGo.load(ordering: .sequentiallyConsistent) {
          if ContinuousClock.now > bound {
            pool.boundReached.add(1, ordering: .sequentiallyConsistent)
            break
          }
          sched_yield()
        }
      }
    }
    // The computations start as the other tests let their pool threads go.
    let deadline = ContinuousClock.now + .seconds(30)
    while pool.busy.load(ordering: .sequentiallyConsistent) < threads,
      ContinuousClock.now < deadline
    {
      await pause(for: .milliseconds(1))
    }
    let allBusy = pool.busy.load(ordering: .sequentiallyConsistent) == threads
    Task.detached { [pool] in pool.canaryRan.store(true, ordering: .sequentiallyConsistent) }
    await pause(for: .milliseconds(20))
    let heard = await hearFromAnotherThread()
    let poolWasFull = !pool.canaryRan.load(ordering: .sequentiallyConsistent)
    pool.letGo.store(true, ordering: .sequentiallyConsistent)
    #expect(allBusy, "the pool was never all busy")
    #expect(poolWasFull, "a task ran on the pool meanwhile: it has more than \(threads) threads")
    #expect(heard == 0)
    #expect(pool.boundReached.load(ordering: .sequentiallyConsistent) == 0)
  }
}

/// What the computations holding the pool's threads share with the test.
private final class BusyPool: Sendable {
  /// How many computations have started.
  let busy = Atomic(0)
  /// Set by the test: the computations end.
  let letGo = Atomic(false)
  /// How many computations ended at their bound instead.
  let boundReached = Atomic(0)
  /// Set by a task queued while every computation runs.
  let canaryRan = Atomic(false)
}
