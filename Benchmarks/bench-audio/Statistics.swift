/// Percentiles of measured durations, printed in milliseconds.
struct Statistics {
  /// The measurements, sorted.
  let sorted: [Duration]

  /// Statistics of `samples`.
  init(_ samples: [Duration]) { sorted = samples.sorted() }

  /// The value below which `fraction` of the measurements fall (nearest rank).
  func percentile(_ fraction: Double) -> Duration {
    guard !sorted.isEmpty else { return .zero }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  /// "p50 0.123 ms, p99 0.456 ms, max 0.789 ms (n=300)".
  var summary: String {
    "p50 \(milliseconds(percentile(0.5))), p99 \(milliseconds(percentile(0.99))), "
      + "max \(milliseconds(sorted.last ?? .zero)) (n=\(sorted.count))"
  }
}

/// A duration as milliseconds with three decimals, e.g. "0.042 ms".
func milliseconds(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  let fraction = String(micros % 1000)
  return "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
}
