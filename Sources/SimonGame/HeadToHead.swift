/// The referee of a head-to-head match (docs/design.md section 13): two cabinets
/// start at the same instant on the same sequence, each plays its own game with its own
/// timing and difficulty, and this decides who won from what each side has done so far.
///
/// The rule: the last one standing wins, as soon as it has repeated more rounds than the
/// other reached before going out. Both out after as many rounds: more points, then the
/// earlier game over (the shorter game: both started at the same instant). Everything
/// equal is a draw. The rule is symmetric: what one cabinet decides, the other decides
/// the other way round, from the same two sides.
public enum HeadToHead {
  /// What one cabinet of a match has done so far, as it tells the other.
  public struct Side: Equatable, Sendable {
    /// The rounds repeated correctly so far (the game's `rounds`).
    public var rounds: Int
    /// The points earned so far.
    public var points: Int
    /// How long the game lasted from the match's start, once it is over, in whole
    /// milliseconds; nil while the player is still in.
    public private(set) var outAfter: Duration?

    /// A side with every value given; `outAfter` is cut to whole milliseconds, as the
    /// rival hears it: both cabinets then compare the same two sides (one comparing its
    /// own nanoseconds with the rival's milliseconds could decide the other way).
    public init(rounds: Int, points: Int, outAfter: Duration? = nil) {
      self.rounds = rounds
      self.points = points
      self.outAfter = outAfter.map { duration in
        let (seconds, attoseconds) = duration.components
        return .milliseconds(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      }
    }

    /// Whether the player is still in.
    public var isIn: Bool { outAfter == nil }
  }

  /// How a match ended, for one of its cabinets.
  public enum Outcome: String, CaseIterable, Codable, Sendable {
    /// This cabinet's player won.
    case won
    /// The rival won.
    case lost
    /// Both went out after as many rounds, with as many points, at the same instant.
    case draw

    /// The same match seen from the other cabinet.
    public var seenByRival: Outcome {
      switch self {
      case .won: .lost
      case .lost: .won
      case .draw: .draw
      }
    }
  }

  /// Who has won, from this cabinet's side; nil while it cannot be known yet (both in, or
  /// the one still in has not yet passed the round the other went out in).
  /// - Parameters:
  ///   - local: this cabinet's side.
  ///   - rival: the other cabinet's side, as it last told it.
  public static func outcome(local: Side, rival: Side) -> Outcome? {
    switch (local.outAfter, rival.outAfter) {
    case (nil, nil):
      return nil
    case (.some, nil):
      return rival.rounds > local.rounds ? .lost : nil
    case (nil, .some):
      return local.rounds > rival.rounds ? .won : nil
    case (.some(let localEnd), .some(let rivalEnd)):
      if local.rounds != rival.rounds { return local.rounds > rival.rounds ? .won : .lost }
      if local.points != rival.points { return local.points > rival.points ? .won : .lost }
      if localEnd != rivalEnd { return localEnd < rivalEnd ? .won : .lost }
      return .draw
    }
  }
}
