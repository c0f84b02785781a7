/// One of the four lit buttons of the cabinet, in the order of docs/design.md section 1.
public enum Pad: String, CaseIterable, Codable, Sendable, Comparable {
  /// Top left.
  case green
  /// Top right.
  case red
  /// Bottom left.
  case yellow
  /// Bottom right.
  case blue

  /// The pad's place in `allCases`: 0 for green up to 3 for blue.
  public var index: Int {
    switch self {
    case .green: 0
    case .red: 1
    case .yellow: 2
    case .blue: 3
    }
  }

  /// Hashes the case, not its name (a raw-valued enum would hash its string).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(UInt8(index))
  }

  /// Orders pads as the cabinet lays them out (green, red, yellow, blue).
  public static func < (lhs: Pad, rhs: Pad) -> Bool { lhs.index < rhs.index }
}
