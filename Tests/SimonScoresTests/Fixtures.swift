import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonStateFiles
import Synchronization

/// A game result with the values tests care about; the rest are fixed.
func game(
  points: Int, rounds: Int = 5, mode: GameMode = .classic, difficulty: Difficulty = .medium,
  name: String = "Player", members: [String]? = nil, ending: GameEnding = .mistake
) -> GameResult {
  GameResult(
    points: points, rounds: rounds, mode: mode, difficulty: difficulty, name: name,
    members: members ?? [name], ending: ending, duration: .milliseconds(12_345))
}

/// 2026-11-21T19:37:05Z plus `minutes`.
func time(_ minutes: Int = 0) -> Date {
  Date(timeIntervalSince1970: 1_795_289_825 + Double(minutes) * 60)
}

/// Collects what a store reports.
final class Problems: Sendable {
  private let list = Mutex<[StateProblem]>([])

  var all: [StateProblem] { list.withLock { $0 } }

  var handler: @Sendable (StateProblem) -> Void {
    { problem in self.list.withLock { $0.append(problem) } }
  }
}

/// The bytes of a file, or nil.
func contents(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// Writes a file.
func put(_ text: String, at path: String) {
  precondition(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
}

/// The names in a directory, sorted.
func names(in directory: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}
