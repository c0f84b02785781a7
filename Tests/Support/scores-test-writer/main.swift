// Test-only: writes to a state directory from its own process, acknowledging every write
// on standard output once it has returned, so tests can run several at once or kill one
// mid-write and then check that every acknowledged write is there.
//
//   scores-test-writer record DIR COUNT TAG   records COUNT games named TAG, points 0...
//   scores-test-writer players DIR COUNT TAG  registers players TAG-0, TAG-1, ...
// Each write prints "ack TAG N" once it is on disk. Problems reported by the store go to
// standard error as "problem: ...".

import FoundationEssentials
import SimonGame
import SimonScores
import SimonStateFiles

#if canImport(Glibc)
  import Glibc
#endif

func say(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

func complain(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[3]) else {
  complain("usage: scores-test-writer record|players DIR COUNT TAG")
  exit(64)
}
let (command, directory, tag) = (arguments[1], arguments[2], arguments[4])
let report: @Sendable (StateProblem) -> Void = { complain("problem: \($0)") }
// The tests that run it judge no time, only that no write is lost: the lock is waited for
// far past the stores' 10 s. Six writers and three adders under qemu-user, beside CI's
// sanitizers, waited for each other past 10 s (the arm64 lane, once).
let patience = Duration.seconds(300)

do {
  switch command {
  case "record":
    let store = ScoreStore(
      directory: directory, recentLimit: 100_000, lockTimeout: patience, onProblem: report)
    for number in 0..<count {
      let result = GameResult(
        points: number, rounds: number % 32, mode: .classic, difficulty: .medium, name: tag,
        members: [tag], ending: .mistake, duration: .milliseconds(number))
      let now = Date()
      _ = try store.record(result, startedAt: now, endedAt: now)
      say("ack \(tag) \(number)")
    }
  case "players":
    let store = PlayerStore(directory: directory, lockTimeout: patience, onProblem: report)
    for number in 0..<count {
      try store.add("\(tag)-\(number)")
      say("ack \(tag) \(number)")
    }
  default:
    complain("unknown command \(command)")
    exit(64)
  }
} catch {
  complain("error: \(error)")
  exit(1)
}
