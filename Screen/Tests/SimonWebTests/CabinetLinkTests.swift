import Logging
import SimonControl
import SimonGame
import Synchronization
import Testing

@testable import SimonWeb

/// The link's promises to pages, fed happenings as the control feed would give them.
@Suite struct CabinetLinkTests {
  let link = CabinetLink(path: "/nonexistent/control.sock", logger: Logger(label: "test"))

  func connect() {
    link.take(.connected(LiveFeedTests.hello, LiveFeedTests.snapshot))
  }

  @Test func aPageGetsTheSnapshotOfNowThenEveryEventOnce() async throws {
    connect()
    link.take(.message(.led(.green, on: true, t: 10)))
    let (page, lines) = link.subscribe()
    defer { link.unsubscribe(page) }
    link.take(.message(.led(.green, on: false, t: 11)))
    link.take(.message(.tone(415, t: 12)))
    var received: [String] = []
    for await line in lines {
      received.append(line)
      if received.count == 5 { break }
    }
    #expect(received[0] == "{\"link\":{\"up\":true}}\n")
    #expect(try ControlMessage(line: received[1]) == .hello(LiveFeedTests.hello))
    guard case .snapshot(let now, let t) = try ControlMessage(line: received[2]) else {
      Issue.record("no snapshot: \(received[2])")
      return
    }
    #expect(now.lit[.green] == true)
    #expect(t == 10)
    #expect(try ControlMessage(line: received[3]) == .led(.green, on: false, t: 11))
    #expect(try ControlMessage(line: received[4]) == .tone(415, t: 12))
  }

  @Test func aPageThatDoesNotReadIsDroppedNotWaitedFor() async {
    connect()
    let (_, lines) = link.subscribe()
    #expect(link.pagesWatching == 1)
    for t in 0..<Int64(LiveFeed.capacity + 10) {
      link.take(.message(.led(.red, on: t % 2 == 0, t: t)))
    }
    #expect(link.pagesWatching == 0)
    var count = 0
    for await _ in lines { count += 1 }
    #expect(count == LiveFeed.capacity)
  }

  @Test func pagesAreToldWhenSimondGoesAndComesBack() async {
    connect()
    let (page, lines) = link.subscribe()
    defer { link.unsubscribe(page) }
    link.take(.lost("simond closed the control socket /x"))
    #expect(link.standing.up == false)
    connect()
    var received: [String] = []
    for await line in lines {
      received.append(line)
      if received.count == 7 { break }
    }
    #expect(
      received[3] == "{\"link\":{\"up\":false,\"why\":\"simond closed the control socket /x\"}}\n")
    #expect(received[4] == "{\"link\":{\"up\":true}}\n")
    #expect(received[6].hasPrefix("{\"snapshot\""))
  }

  @Test func aGameOverIsPassedOnWithHowManyOfTheCabinetsScreensWatch() {
    let seen = Mutex<[Int]>([])
    let link = CabinetLink(path: "/x", logger: Logger(label: "test")) { _, watching in
      seen.withLock { $0.append(watching) }
    }
    link.take(.connected(LiveFeedTests.hello, LiveFeedTests.snapshot))
    let over = ControlGameOver(
      record: nil,
      result: GameResult(
        points: 10, rounds: 1, mode: .classic, difficulty: .medium, name: "Player",
        members: ["Player"], ending: .mistake, duration: .seconds(5)),
      rank: 1, newBest: true)
    link.take(.message(.gameOver(over, t: 1)))
    let (phone, _) = link.subscribe()
    link.take(.message(.gameOver(over, t: 2)))
    let (screen, _) = link.subscribe(isCabinetScreen: true)
    link.take(.message(.gameOver(over, t: 3)))
    link.unsubscribe(screen)
    link.take(.message(.gameOver(over, t: 4)))
    link.unsubscribe(phone)
    #expect(seen.withLock { $0 } == [0, 0, 1, 0], "a phone's page only watches")
  }
}
