/// What the game needs to know of the cabinet and the people at it, beyond `Settings`.
public struct Cabinet: Equatable, Sendable {
  /// Whether a start button is wired; without one, a pad at idle starts the game.
  public var hasStartButton: Bool
  /// Whether a joystick is wired; directional mode needs one.
  public var hasJoystick: Bool
  /// Whether a vibration motor is wired; the menu offers the haptics page only then.
  public var hasHaptics: Bool
  /// Idle time before the attract animation starts.
  public var attractAfter: Duration
  /// Names of the players in turn order; a missing name is "Player" or "Player N".
  public var playerNames: [String]
  /// The team's name in coop mode.
  public var teamName: String

  /// A cabinet description with every value given; the defaults are a cabinet with
  /// only the four pads, attract after 60 s, and nobody signed in.
  public init(
    hasStartButton: Bool = false, hasJoystick: Bool = false, hasHaptics: Bool = false,
    attractAfter: Duration = .seconds(60), playerNames: [String] = [],
    teamName: String = Cabinet.defaultTeamName
  ) {
    self.hasStartButton = hasStartButton
    self.hasJoystick = hasJoystick
    self.hasHaptics = hasHaptics
    self.attractAfter = attractAfter
    self.playerNames = playerNames
    self.teamName = teamName
  }

  /// The name of a coop team nobody named.
  public static let defaultTeamName = "Team"

  /// The name of a lone player nobody signed in: "Player"; in a group, "Player 2"...
  public static let unnamedPlayer = "Player"

  /// The name of the player at a 0-based turn position among `count` players.
  public func playerName(_ position: Int, of count: Int) -> String {
    if position < playerNames.count { return playerNames[position] }
    return count == 1 ? Self.unnamedPlayer : "\(Self.unnamedPlayer) \(position + 1)"
  }
}
