/// Every duration of the game, in one table (docs/design.md sections 2 and 4).
///
/// The values marked (orig) are the measured behaviour of the 1978 Simon; they are the
/// medium difficulty and are scaled for easy (x1.5) and hard (x0.7).
public struct Timings: Equatable, Sendable {
  /// The difficulty these timings are for.
  public let difficulty: Difficulty

  /// The timings of one difficulty.
  public init(_ difficulty: Difficulty) { self.difficulty = difficulty }

  /// How long Simon lights the signal at a 1-based position of the sequence:
  /// 420 ms for 1-5, 320 ms for 6-13, 220 ms from 14 on (orig), scaled by difficulty.
  public func signalOn(position: Int) -> Duration {
    let original: Duration =
      switch position {
      case ...5: .milliseconds(420)
      case 6...13: .milliseconds(320)
      default: .milliseconds(220)
      }
    return scaled(original)
  }

  /// The dark time between two of Simon's signals: 50 ms (orig), scaled by difficulty.
  public var signalGap: Duration { scaled(.milliseconds(50)) }

  /// The time the player has for the first press and between presses.
  public var playerTimeout: Duration {
    switch difficulty {
    case .easy: .seconds(5)
    case .medium: .seconds(3)
    case .hard: .seconds(2)
    }
  }

  /// The pause after the last correct press before Simon plays again (orig).
  public static let pauseAfterRound: Duration = .milliseconds(800)

  /// How long the razz sounds after a mistake (orig).
  public static let razz: Duration = .milliseconds(1500)

  /// How long the expected pad stays lit, then dark, while it flashes during the razz.
  public static let razzFlash: Duration = .milliseconds(125)

  /// The shortest time a press lights its pad, however short the press.
  public static let minimumPress: Duration = .milliseconds(120)

  /// How long the vibration motor pulses for a press: felt as a click, not a buzz.
  public static let hapticClick: Duration = .milliseconds(40)

  /// The countdown: three beats a second apart, then Simon starts.
  public static let countdownBeats = 3
  /// The time from one countdown beat to the next.
  public static let countdownBeat: Duration = .seconds(1)
  /// How long the pads are lit (and the tick sounds) on each beat.
  public static let countdownFlash: Duration = .milliseconds(150)

  /// The victory signal (orig): the last pad flashes this many short times.
  public static let victoryFlashes = 6
  /// On-time and dark time of each victory flash.
  public static let victoryFlash: Duration = .milliseconds(70)

  /// On-time and dark time of each blink of the turn cue before a player's turn.
  public static let cueBlink: Duration = .milliseconds(200)
  /// The rest after the turn cue before Simon plays.
  public static let cueRest: Duration = .milliseconds(500)

  /// How long one step of the new-best celebration lasts (one pad lit, one note).
  public static let celebrationStep: Duration = .milliseconds(120)
  /// How many steps the celebration's light chase runs.
  public static let celebrationSteps = 16

  /// How long each pad stays lit in the slow attract animation.
  public static let attractStep: Duration = .milliseconds(700)

  /// How long a pad must be held at idle to open the settings menu.
  public static let menuHold: Duration = .seconds(2)
  /// The settings menu saves and closes after this long without a press.
  public static let menuIdle: Duration = .seconds(5)
  /// How long two pads must be held together at idle to enter a player's code.
  public static let signInHold: Duration = .seconds(2)
  /// Code entry gives up after this long without a press.
  public static let signInIdle: Duration = .seconds(5)
  /// How many presses a player's code has.
  public static let codeLength = 4

  /// Name entry after a ranked game ends after this long without a press, keeping the
  /// game's name.
  public static let namingIdle: Duration = .seconds(20)

  /// How long a head-to-head challenge waits for a player at the challenged cabinet to
  /// accept it (docs/design.md section 13).
  public static let challengeAnswer: Duration = .seconds(30)
  /// How much longer the challenging cabinet waits for the answer, so that the other's
  /// lapse, not its own, ends the challenge.
  public static let challengeGrace: Duration = .seconds(5)
  /// How long an agreed match waits for its start instant before it is abandoned.
  public static let matchStartWait: Duration = .seconds(10)
  /// How long each step of the pads' pattern lasts while a challenge is open.
  public static let challengeBlink: Duration = .milliseconds(300)

  /// How long the menu's confirmation flash lasts.
  public static let menuConfirm: Duration = .milliseconds(300)

  private func scaled(_ original: Duration) -> Duration {
    switch difficulty {
    case .easy: original * 3 / 2
    case .medium: original
    case .hard: original * 7 / 10
    }
  }
}
