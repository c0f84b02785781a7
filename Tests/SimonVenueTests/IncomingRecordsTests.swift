import Foundation
import Synchronization
import Testing

@testable import SimonVenue

/// Records from the broker wait apart, bounded, and are merged about once a second.
@Suite struct IncomingRecordsTests {
  static func message(_ number: Int) -> IncomingRecords.Message {
    .init(topic: "simon/v/cab/record/\(number)", payload: Array("\(number)".utf8))
  }

  /// Set once something happened, from any thread.
  final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
  }

  /// Adds `message` on a thread of its own, as the network thread does; the flag is set
  /// once `add` returned.
  static func add(_ message: IncomingRecords.Message, to incoming: IncomingRecords) -> Flag {
    let added = Flag()
    Thread {
      _ = incoming.add(message)
      added.set()
    }.start()
    return added
  }

  @Test func theFirstOfABatchIsToldAndTheBatchIsTakenWhole() {
    let incoming = IncomingRecords(capacity: 10)
    #expect(incoming.add(Self.message(1)))
    #expect(!incoming.add(Self.message(2)))
    #expect(incoming.take() == [Self.message(1), Self.message(2)])
    #expect(incoming.take().isEmpty)
    #expect(incoming.add(Self.message(3)))
  }

  @Test func aFullBatchHoldsNoMoreAndTakesTheNextOnceTaken() async {
    let incoming = IncomingRecords(capacity: 2)
    _ = incoming.add(Self.message(1))
    _ = incoming.add(Self.message(2))
    let added = Self.add(Self.message(3), to: incoming)
    // Whenever the thread runs, the batch holds two at most: the third waits for room,
    // and starts the next batch.
    #expect(incoming.take() == [Self.message(1), Self.message(2)])
    let done = await eventually { added.isSet }
    #expect(done)
    #expect(incoming.take() == [Self.message(3)])
  }

  @Test func closingDropsWhatWaitsAndLetsAWaitingAddGo() async {
    let incoming = IncomingRecords(capacity: 1)
    _ = incoming.add(Self.message(1))
    let added = Self.add(Self.message(2), to: incoming)
    incoming.close()
    let done = await eventually { added.isSet }
    #expect(done)
    #expect(incoming.take().isEmpty)
    #expect(!incoming.add(Self.message(3)))
    #expect(incoming.take().isEmpty)
  }

  @Test func mergesComeAtMostOnceAnInterval() {
    var pacer = MergePacer(interval: .seconds(1))
    let start = ContinuousClock.now
    #expect(pacer.wait(at: start) == nil)
    #expect(pacer.wait(at: start + .milliseconds(200)) == .milliseconds(800))
    #expect(pacer.wait(at: start + .milliseconds(999)) == .milliseconds(1))
    #expect(pacer.wait(at: start + .seconds(1)) == nil)
    #expect(pacer.wait(at: start + .seconds(5)) == nil)
    #expect(pacer.wait(at: start + .milliseconds(5500)) == .milliseconds(500))
  }
}

/// Polls `condition` every 5 ms for up to 5 s.
private func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
  for _ in 0..<1000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
