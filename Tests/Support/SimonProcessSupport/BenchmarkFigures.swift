import ArgumentParser
import Foundation

/// What the benchmarks share: checks of their options, their figures, and how one that
/// cannot measure ends.
public enum BenchmarkFigures {
  /// Ends a benchmark whose run failed (a program it drives that did not answer, a game
  /// that did not end): prints "NAME: WHY" on standard error, stops the programs it
  /// started (`RunningProcess.stopAll`: nothing is released at exit), and exits 1, so
  /// that `scripts/bench` counts it failed. Not for a target missed: that is a figure.
  public static func fail(_ name: String, _ why: String) -> Never {
    FileHandle.standardError.write(Data("\(name): \(why)\n".utf8))
    RunningProcess.stopAll()
    exit(1)
  }

  /// Throws a usage error naming the first option (by its flag) whose count is below 1.
  public static func requireCounts(_ counts: KeyValuePairs<String, Int>) throws {
    for (flag, value) in counts where value < 1 {
      throw ValidationError("\(flag) must be 1 or more, not \(value)")
    }
  }

  /// The `p` quantile (0-1) of `values`, nearest rank; NaN when there are none.
  public static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
  }
}
