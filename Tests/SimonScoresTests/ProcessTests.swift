import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writers in separate processes, as simond and simonctl are.
@Suite(.serialized) struct ProcessTests {
  @Test func concurrentProcessesLoseNoUpdate() throws {
    let directory = TemporaryDirectory("processes")
    defer { directory.remove() }
    let writers = (0..<6).map {
      ChildProcess("scores-test-writer", ["record", directory.path, "25", "w\($0)"])
    }
    let adders = (0..<3).map {
      ChildProcess("scores-test-writer", ["players", directory.path, "10", "p\($0)"])
    }
    for child in writers + adders {
      let finished = try child.wait()
      #expect(finished.status == 0, "\(finished.error)")
      #expect(finished.error == "")
    }
    let recent = try ScoreStore(directory: directory.path).load().recent
    #expect(recent.count == 150)
    for writer in 0..<6 {
      #expect(
        recent.filter { $0.result.name == "w\(writer)" }.map(\.result.points) == Array(0..<25))
    }
    #expect(Set(recent.map(\.id)) == Set(1...150))
    let players = try PlayerStore(directory: directory.path).list()
    #expect(players.count == 30)
    #expect(Set(players.map(\.code)).count == 30)
  }

  /// Kills a writing process at random instants, hundreds of times: afterwards the file
  /// is always readable (nothing is reported as set aside) and holds every write the
  /// process acknowledged. Power loss cannot be simulated here; this checks that no
  /// instant of the write sequence leaves a torn or missing file.
  @Test func killedWritersNeverLeaveABrokenFileOrLoseAnAcknowledgedWrite() throws {
    let directory = TemporaryDirectory("crash")
    defer { directory.remove() }
    var generator = SystemRandomNumberGenerator()
    var acknowledged: [String: Int] = [:]
    let rounds = 300
    for round in 0..<rounds {
      let tag = "k\(round)"
      let child = ChildProcess("scores-test-writer", ["record", directory.path, "1000000", tag])
      // Wait for 0 to 2 acknowledgements, then let it run a random while longer.
      let waitFor = Int.random(in: 0...2, using: &generator)
      var count = 0
      while count < waitFor, child.readLine() != nil { count += 1 }
      var spin = 0
      for _ in 0..<Int.random(in: 0...200_000, using: &generator) { spin &+= 1 }
      child.killNow()
      // Everything it acknowledged before it died counts too.
      while let line = child.readLine(), line.hasPrefix("ack ") { count += 1 }
      let finished = try child.wait()
      #expect(finished.error == "", "round \(round): \(finished.error)")
      acknowledged[tag] = count
      _ = spin
    }
    let problems = Problems()
    let recent = try ScoreStore(directory: directory.path, onProblem: problems.handler).load()
      .recent
    #expect(problems.all.isEmpty)
    for (tag, count) in acknowledged {
      let points = recent.filter { $0.result.name == tag }.map(\.result.points)
      // Every acknowledged write is there; one more may be, written but not yet acknowledged.
      #expect(points.count >= count && points.count <= count + 1, "\(tag)")
      #expect(points == Array(0..<points.count))
    }
    #expect(acknowledged.values.reduce(0, +) > rounds / 2)
  }
}
