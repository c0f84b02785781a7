import FoundationEssentials

/// The parts of a `game_over` record a client shows: who played, what they earned, how it
/// ended. Read leniently: a record with more fields, or values this version does not know,
/// still reads, as long as it has points and rounds.
public struct SimGameSummary: Equatable, Sendable, Decodable {
  /// The score.
  public var points: Int
  /// The longest sequence repeated correctly.
  public var rounds: Int
  /// The player, the team, or in player-adds the winner.
  public var name: String?
  /// How the game ended: mistake, timeout, win or shutdown.
  public var ending: String?
  /// The game variant.
  public var mode: String?
  /// The difficulty.
  public var difficulty: String?

  /// A summary with every value given.
  public init(
    points: Int, rounds: Int, name: String? = nil, ending: String? = nil, mode: String? = nil,
    difficulty: String? = nil
  ) {
    self.points = points
    self.rounds = rounds
    self.name = name
    self.ending = ending
    self.mode = mode
    self.difficulty = difficulty
  }

  /// Reads a record as the `game_over` message carries it; nil when it is not a JSON
  /// object with whole-number points and rounds.
  public init?(record: String) {
    guard let summary = try? JSONDecoder().decode(Self.self, from: Data(record.utf8)) else {
      return nil
    }
    self = summary
  }

  private enum CodingKeys: String, CodingKey {
    case points, rounds, name, ending, mode, difficulty
  }

  /// Reads the fields it knows; a missing or odd optional field is left nil.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    points = try container.decode(Int.self, forKey: .points)
    rounds = try container.decode(Int.self, forKey: .rounds)
    name = try? container.decodeIfPresent(String.self, forKey: .name)
    ending = try? container.decodeIfPresent(String.self, forKey: .ending)
    mode = try? container.decodeIfPresent(String.self, forKey: .mode)
    difficulty = try? container.decodeIfPresent(String.self, forKey: .difficulty)
  }
}
