import Foundation

/// What the benchmarks share: their options and their figures.
public enum BenchmarkFigures {
  /// The whole-number value of `--name N` on the command line, else `value`.
  public static func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
      let number = Int(arguments[index + 1])
    else { return value }
    return number
  }

  /// The `p` quantile (0-1) of `values`, nearest rank; NaN when there are none.
  public static func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
  }
}
