import FoundationEssentials
import ScoresTestSupport
import SimonGame
import SimonScores

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `simonctl` on a state directory, in UTC, with nothing else from the
/// environment of the tests.
func ctl(
  _ arguments: [String], in directory: TemporaryDirectory?, environment: [String: String] = [:],
  input: Int32? = nil
) async throws -> Finished {
  let state = directory.map { ["--state-dir", $0.path] } ?? []
  return try await ChildProcess.run(
    "simonctl", arguments + state, environment: ["TZ": "UTC"].merging(environment) { $1 },
    input: input)
}

/// 2026-11-21T19:37:05Z plus `minutes`.
func time(_ minutes: Int) -> Date {
  Date(timeIntervalSince1970: 1_795_289_825 + Double(minutes) * 60)
}

/// Records games into a state directory, one minute apart, each lasting 65 s.
func record(_ games: [GameResult], in directory: TemporaryDirectory) throws {
  let store = ScoreStore(directory: directory.path)
  for (minute, result) in games.enumerated() {
    var result = result
    result.duration = .seconds(65)
    try store.record(result, startedAt: time(minute * 2), endedAt: time(minute * 2 + 1))
  }
}

/// A result with the values the tests set.
func game(
  _ points: Int, _ rounds: Int, _ name: String = "Player", mode: GameMode = .classic,
  difficulty: Difficulty = .medium, members: [String]? = nil, ending: GameEnding = .mistake
) -> GameResult {
  GameResult(
    points: points, rounds: rounds, mode: mode, difficulty: difficulty, name: name,
    members: members ?? [name], ending: ending, duration: .seconds(65))
}

/// A pseudo-terminal whose other end is given to a child as standard input.
final class Terminal {
  let controller: Int32
  let device: Int32

  /// Linux's TIOCGPTN and TIOCSPTLCK (the same on x86_64 and arm64): what ptsname(3)
  /// and unlockpt(3) do, which the C library does not export to Swift here.
  private static let getNumber: UInt = 0x8004_5430
  private static let setLock: UInt = 0x4004_5431

  init() {
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    precondition(
      controller >= 0 && ioctl(controller, Self.setLock, &unlock) == 0
        && ioctl(controller, Self.getNumber, &number) == 0)
    device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    precondition(device >= 0)
  }

  /// Types a line, as a person at the terminal would.
  func type(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(controller, $0.baseAddress, $0.count) }
  }

  deinit {
    close(device)
    close(controller)
  }
}
