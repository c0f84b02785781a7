import SimonDaemon
import SimonGame
import SimonHardware
import SimonPOSIX
import Synchronization
import Testing

@Suite struct JournalTests {
  private let at = MonotonicInstant(sinceBoot: .seconds(5))

  @Test func aStreamGetsOnlyWhatItWantsInOrderWithTheJournalsNumbers() async {
    let journal = Journal()
    let everything = journal.stream(buffering: .everything)
    let unlit = journal.stream(buffering: .everything) {
      if case .light = $0 { false } else { true }
    }
    journal.append(.light(.green, on: true), at: at)
    journal.append(.stuck(.red), at: at)
    journal.append(.light(.green, on: false), at: at)
    journal.append(.unstuck(.red), at: at)
    journal.finish()
    var all: [UInt64] = []
    for await entry in everything.entries { all.append(entry.sequence) }
    var wanted: [(UInt64, Happening)] = []
    for await entry in unlit.entries { wanted.append((entry.sequence, entry.happening)) }
    #expect(all == [1, 2, 3, 4])
    #expect(wanted.map(\.0) == [2, 4])
    #expect(wanted.map(\.1) == [.stuck(.red), .unstuck(.red)])
  }

  @Test func aSinkStillSeesWhatNoStreamWants() {
    let journal = Journal()
    let seen = Box()
    journal.watch { seen.add($0.happening) }
    _ = journal.stream(buffering: .newest(1)) { _ in false }
    journal.append(.tone(415), at: at)
    #expect(seen.all == [.tone(415)])
  }
}

private final class Box: Sendable {
  private let items = Mutex<[Happening]>([])
  func add(_ happening: Happening) { items.withLock { $0.append(happening) } }
  var all: [Happening] { items.withLock { $0 } }
}
