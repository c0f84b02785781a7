/// Anything a player can press on the cabinet: the four pads and the optional controls.
///
/// The raw values are the names used on the wire (the simulated-cabinet socket) and in
/// the configuration file; they never change.
public enum Input: String, CaseIterable, Codable, Sendable {
  /// The green pad.
  case green
  /// The red pad.
  case red
  /// The yellow pad.
  case yellow
  /// The blue pad.
  case blue
  /// The optional start button.
  case start
  /// The optional button that replays the last sequence.
  case last
  /// The optional button that replays the longest sequence of this power-on.
  case longest
  /// Joystick up.
  case up
  /// Joystick down.
  case down
  /// Joystick left.
  case left
  /// Joystick right.
  case right

  /// Hashes the case, not its name: a set or dictionary of inputs (the debouncer's, the
  /// game's) would otherwise hash the raw value's string on every press.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
  }

  /// The case's place in `allCases` (0 to 10): a table of all inputs can be an array.
  public var index: Int {
    switch self {
    case .green: 0
    case .red: 1
    case .yellow: 2
    case .blue: 3
    case .start: 4
    case .last: 5
    case .longest: 6
    case .up: 7
    case .down: 8
    case .left: 9
    case .right: 10
    }
  }

  /// The input for a pad.
  public init(_ pad: Pad) {
    switch pad {
    case .green: self = .green
    case .red: self = .red
    case .yellow: self = .yellow
    case .blue: self = .blue
    }
  }

  /// The pad this input is, or nil for a control.
  public var pad: Pad? {
    switch self {
    case .green: .green
    case .red: .red
    case .yellow: .yellow
    case .blue: .blue
    default: nil
    }
  }

  /// True for the four joystick directions.
  public var isJoystick: Bool {
    switch self {
    case .up, .down, .left, .right: true
    default: false
    }
  }

  /// The pad a joystick direction answers for in directional mode
  /// (up green, right red, left yellow, down blue); nil for anything else.
  public var directionalPad: Pad? {
    switch self {
    case .up: .green
    case .right: .red
    case .left: .yellow
    case .down: .blue
    default: nil
    }
  }
}
