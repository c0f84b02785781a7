/// What reaction times tell of a game or of many (docs/design.md section 4): how many
/// presses, their median and the quickest, and the median of each answer window.
public struct ReactionSummary: Equatable, Sendable {
  /// How many presses were timed.
  public var presses: Int
  /// The median reaction time of every press (between the two middle ones for an even
  /// count).
  public var median: Duration
  /// The quickest press.
  public var best: Duration
  /// The median of each answer window, in order: in classic and coop, round by round.
  public var medianByTurn: [Duration]

  /// The summary of reaction times given one list per answer window; nil without a
  /// press. Empty windows are left out.
  public init?(_ windows: [[Duration]]) {
    let all = windows.flatMap { $0 }
    guard let best = all.min() else { return nil }
    presses = all.count
    median = Self.median(all)
    self.best = best
    medianByTurn = windows.filter { !$0.isEmpty }.map(Self.median)
  }

  /// The median of durations (between the two middle ones for an even count); zero for
  /// none.
  public static func median(_ values: [Duration]) -> Duration {
    guard !values.isEmpty else { return .zero }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return (sorted[middle - 1] + sorted[middle]) / 2
  }
}
