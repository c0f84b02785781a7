// Measures how long the score file takes to load and to save with 10, 1 000 and 10 000
// records, and the whole of recording one game (lock, load, insert, save). Each figure
// is the median of several runs; every save is synced to the disk. The CPU time of the
// save is printed too: on a busy machine it tells what the code costs, apart from waiting
// for the disk and for other processes. It exits 1, saying why, when a load or save fails.
//   bench-scores [--smoke]

import ArgumentParser
import FoundationEssentials
import SimonGame
import SimonScores

#if canImport(Glibc)
  import Glibc
#endif

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-scores",
    abstract: "Times loading, saving and recording a game in score files of three sizes.")

  @Flag(
    help:
      "A short run that shows it still works: each size once, not the median of 41 or 15 runs. Its figures are not worth reading."
  )
  var smoke = false
}
let options = Options.parseOrExit()

let sizes = [10, 1000, 10_000]
let target: Duration = .milliseconds(20)
let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

func text(_ value: Double, decimals: Int = 2) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int((value * scale).rounded())
  let whole = String(scaled / Int(scale))
  if decimals == 0 { return whole }
  let fraction = String(scaled % Int(scale))
  return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

func column(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

/// The CPU time this thread has used.
func threadCPUTime() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

/// The median wall time and the median CPU time of `runs` runs.
func median(runs: Int, _ body: () throws -> Void) rethrows -> (wall: Duration, cpu: Duration) {
  var walls: [Duration] = []
  var cpus: [Duration] = []
  for _ in 0..<runs {
    let start = clock.now
    let startCPU = threadCPUTime()
    try body()
    cpus.append(threadCPUTime() - startCPU)
    walls.append(clock.now - start)
  }
  return (walls.sorted()[runs / 2], cpus.sorted()[runs / 2])
}

func game(_ number: Int) -> GameResult {
  let mode = GameMode.allCases[number % GameMode.allCases.count]
  let members = mode.playerRange.lowerBound == 1 ? ["Player"] : ["Ann", "Bob"]
  return GameResult(
    points: (number * 7919) % 400, rounds: (number * 31) % 32, mode: mode,
    difficulty: Difficulty.allCases[number % 3], name: members.count == 1 ? "Player" : "Team",
    members: members, ending: .mistake, duration: .milliseconds(20_000 + number % 60_000))
}

let base =
  FileManager.default.temporaryDirectory.path
  + "/bench-scores-\(ProcessInfo.processInfo.processIdentifier)"
defer { try? FileManager.default.removeItem(atPath: base) }

print("score file: load, save (temporary file, fsync, rename, fsync of the directory) and")
print("record (lock, load, insert, save); median of the runs, in milliseconds")
print(
  column("records", 8) + column("load", 10) + column("save", 10) + column("save cpu", 10)
    + column("record", 10) + column("file KB", 10))
var saveAtLargest: Duration = .zero
do {
  for size in sizes {
    let directory = base + "/\(size)"
    let store = ScoreStore(directory: directory, recentLimit: size)
    var book = ScoreBook()
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    for number in 0..<size {
      let begin = start.addingTimeInterval(Double(number) * 60)
      book.insert(
        game(number), startedAt: begin, endedAt: begin.addingTimeInterval(30), recentLimit: size)
    }
    let runs = options.smoke ? 1 : size >= 10_000 ? 15 : 41
    try store.replace(with: book)
    let save = try median(runs: runs) { try store.replace(with: book) }
    let load = try median(runs: runs) { _ = try store.load() }
    let record = try median(runs: runs) {
      _ = try store.record(game(size), startedAt: Date(), endedAt: Date())
    }
    let bytes = FileManager.default.contents(atPath: store.path)?.count ?? 0
    print(
      column(String(size), 8) + column(text(milliseconds(load.wall)), 10)
        + column(text(milliseconds(save.wall)), 10) + column(text(milliseconds(save.cpu)), 10)
        + column(text(milliseconds(record.wall)), 10)
        + column(String(bytes / 1024), 10))
    if size == sizes.last { saveAtLargest = save.wall }
  }
} catch {
  try? FileManager.default.removeItem(atPath: base)  // (exit skips the `defer` above)
  var message = "bench-scores: \(error)\n"
  message.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  exit(1)
}
let met = saveAtLargest < target
print(
  "target: save with \(sizes.last!) records under \(text(milliseconds(target), decimals: 0)) ms: "
    + (met ? "met" : "MISSED") + " (\(text(milliseconds(saveAtLargest))) ms)")
