/// The pads of a sequence that two or more cabinets play alike: a head-to-head match (its
/// seed drawn by the cabinet that challenges) or the day's challenge (its seed from the
/// venue and the date).
///
/// The derivation is part of the venue's protocol, fixed here for every version: a
/// SplitMix64 generator (`SeededRandom`) started at the seed, each pad the top two bits of
/// its next output, in `Pad.allCases` order (green 0, red 1, yellow 2, blue 3). It does
/// not go through the standard library's `randomElement`, whose use of the generator may
/// change between Swift versions, so cabinets on different releases still agree.
public struct SharedSequence: Sendable {
  /// The seed both cabinets received.
  public let seed: UInt64
  private var generator: SeededRandom

  /// The sequence of a seed, from its first pad.
  public init(seed: UInt64) {
    self.seed = seed
    generator = SeededRandom(seed: seed)
  }

  /// The next pad of the sequence.
  public mutating func next() -> Pad {
    Pad.allCases[Int(generator.next() >> 62)]
  }

  /// The first `count` pads of the sequence of `seed`.
  public static func pads(seed: UInt64, count: Int) -> [Pad] {
    var sequence = SharedSequence(seed: seed)
    return (0..<max(count, 0)).map { _ in sequence.next() }
  }

  /// The seed of the day's challenge of a venue: the same for every cabinet of the venue
  /// on that date, another one the next day or in another venue. FNV-1a (64 bits) over
  /// the UTF-8 of "simon-daily", the venue and the date, each followed by a zero byte,
  /// then one SplitMix64 step to spread it.
  /// - Parameters:
  ///   - venue: the venue's name, as the cabinets' bridges are configured with it.
  ///   - date: the venue's local date, as `YYYY-MM-DD`.
  public static func dailySeed(venue: String, date: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in ["simon-daily", venue, date] {
      for byte in part.utf8 + [0] {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
      }
    }
    var spread = SeededRandom(seed: hash)
    return spread.next()
  }
}
