/// The points of docs/design.md section 4.
public enum Scoring {
  /// Points for every completed round, before any bonus.
  public static let pointsPerRound = 10
  /// The largest speed bonus of one round.
  public static let maximumBonus = 5
  /// What the mistake that ends a hard game costs.
  public static let hardPenalty = 5

  /// The points one completed round earns: 10, plus on medium and hard a speed bonus of
  /// round(5 x max(0, 1 - mean gap between presses / timeout)).
  /// - Parameter gaps: the time before each press of the round, the first counted from
  ///   the end of Simon's turn.
  public static func roundPoints(gaps: [Duration], difficulty: Difficulty) -> Int {
    guard difficulty != .easy, !gaps.isEmpty else { return pointsPerRound }
    let mean = gaps.reduce(Duration.zero, +) / gaps.count
    let ratio = mean.seconds / Timings(difficulty).playerTimeout.seconds
    let bonus = (Double(maximumBonus) * max(0, 1 - ratio)).rounded()
    return pointsPerRound + Int(bonus)
  }

  /// The points left after the mistake that ends a game: on hard 5 fewer, never below 0.
  public static func afterFinalMistake(_ points: Int, difficulty: Difficulty) -> Int {
    difficulty == .hard ? max(0, points - hardPenalty) : points
  }
}

extension Duration {
  /// The duration in seconds as a floating-point number.
  public var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) * 1e-18
  }
}
