/// The choices a venue makes at the cabinet or with `simonctl settings`; they persist.
public struct Settings: Codable, Equatable, Sendable {
  /// The game variant.
  public var mode: GameMode
  /// Signal speed, answer time and scoring.
  public var difficulty: Difficulty
  /// How many players take part (coop 2-5, player-adds 2-4, 1 otherwise).
  public var players: Int
  /// Classic mode only: 0 plays on until a mistake; 8, 14, 20 or 31 wins on reaching it.
  public var skillTarget: Int
  /// Whether the speaker plays at all; the LEDs always work.
  public var soundOn: Bool
  /// Loudness in percent, 0-100.
  public var volume: Int
  /// Which frequencies the pads sound at.
  public var toneSet: ToneSet
  /// Whether the vibration motor pulses (where one is wired); the lamps and the speaker
  /// do not depend on it.
  public var hapticsOn: Bool

  /// The skill targets of the original game (orig); 0 means endless.
  public static let skillTargets = [0, 8, 14, 20, 31]

  /// The defaults of docs/design.md section 6.
  public static let defaults = Settings(
    mode: .classic, difficulty: .medium, players: 1, skillTarget: 0, soundOn: true,
    volume: 60, toneSet: .classic, hapticsOn: true)

  /// Settings with every value given.
  public init(
    mode: GameMode, difficulty: Difficulty, players: Int, skillTarget: Int, soundOn: Bool,
    volume: Int, toneSet: ToneSet, hapticsOn: Bool = true
  ) {
    self.mode = mode
    self.difficulty = difficulty
    self.players = players
    self.skillTarget = skillTarget
    self.soundOn = soundOn
    self.volume = volume
    self.toneSet = toneSet
    self.hapticsOn = hapticsOn
  }

  /// Every way these settings break the rules of docs/design.md sections 3-4, as sentences for
  /// people, each starting with the setting's name; empty when they are valid.
  public var problems: [String] {
    var problems: [String] = []
    if !(0...100).contains(volume) {
      problems.append("volume: \(volume) is out of range; it is a percentage from 0 to 100")
    }
    if !Self.skillTargets.contains(skillTarget) {
      problems.append("skill_target: \(skillTarget) is not one of 0, 8, 14, 20, 31")
    }
    if !(1...5).contains(players) {
      problems.append("players: \(players) is out of range; it is from 1 to 5")
    }
    return problems
  }

  /// The player count the current mode really uses: `players` clamped to the mode's range.
  public var effectivePlayers: Int {
    let range = mode.playerRange
    return min(max(players, range.lowerBound), range.upperBound)
  }
}

extension Settings {
  /// Why a roster of `count` players cannot play the mode these settings choose, as a
  /// sentence for people; nil when it can (fewer players than seats leave "Player N"
  /// seats).
  public func rosterProblem(count: Int) -> String? {
    let seats = effectivePlayers
    guard count > seats else { return nil }
    let mode = self.mode.rawValue
    return seats == 1
      ? "\(mode) is played by one player; \(count) were given"
      : "\(mode) is set for \(seats) players (players = \(players)); \(count) were given"
  }
}
