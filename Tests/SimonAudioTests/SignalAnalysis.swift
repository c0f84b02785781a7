/// Measurements of captured samples.
enum SignalAnalysis {
  /// The indices of the first and last non-zero samples, or nil for silence.
  static func soundingRange(_ samples: [Int16]) -> ClosedRange<Int>? {
    guard let first = samples.firstIndex(where: { $0 != 0 }),
      let last = samples.lastIndex(where: { $0 != 0 })
    else { return nil }
    return first...last
  }

  /// The frequency in hertz from the rising zero crossings of `samples`, each located
  /// between two samples by linear interpolation.
  static func frequency(_ samples: ArraySlice<Int16>, rate: Int) -> Double {
    var crossings: [Double] = []
    var previous = samples.startIndex
    for index in samples.indices.dropFirst() {
      let a = Double(samples[previous])
      let b = Double(samples[index])
      if a < 0 && b >= 0 {
        crossings.append(Double(previous) + (-a) / (b - a))
      }
      previous = index
    }
    guard crossings.count >= 2, let first = crossings.first, let last = crossings.last else {
      return 0
    }
    return Double(crossings.count - 1) / ((last - first) / Double(rate))
  }

  /// The root mean square of `samples`.
  static func rms(_ samples: ArraySlice<Int16>) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
    return (sum / Double(samples.count)).squareRoot()
  }

  /// The largest difference between two neighbouring samples.
  static func largestStep(_ samples: [Int16]) -> Int {
    zip(samples, samples.dropFirst()).reduce(0) { max($0, abs(Int($1.1) - Int($1.0))) }
  }

  /// The largest step a clean tone can take: its steepest slope at `peak` amplitude
  /// (in sample units), with `drive` for a clipped shape, plus a little for the envelope.
  static func cleanStep(hertz: Double, peak: Double, rate: Int, drive: Double = 1) -> Int {
    Int((peak * drive * 2 * Double.pi * hertz / Double(rate)) * 1.05) + 4
  }
}
