/// Something the game asks the cabinet to do. Timer durations count from the time of
/// the event that produced the effect.
public enum Effect: Equatable, Sendable {
  /// Turn a pad's light on or off.
  case light(Pad, on: Bool)
  /// Start a tone, replacing any that is sounding.
  case tone(Tone)
  /// Stop the tone that is sounding.
  case silence
  /// Turn the vibration motor on or off (`HapticPattern`).
  case haptic(on: Bool)
  /// Start (or restart) a timer.
  case startTimer(TimerID, after: Duration)
  /// Stop a timer; it will not fire.
  case cancelTimer(TimerID)
  /// What the game is doing changed.
  case status(Status)
  /// A game ended: store its result, and answer with `Event.stored` once it is. `newBest`
  /// is true when it beat the table's best.
  case record(GameResult, newBest: Bool)
  /// The settings were changed at the cabinet: persist what differs from `previous`, the
  /// settings in force before.
  case settingsChanged(Settings, previous: Settings)
  /// A player entered a 4-press pad code at the cabinet: look it up and answer with
  /// `Event.signedIn`.
  case codeEntered([Pad])
  /// A name was entered with the pads for a ranked game: give the record with this
  /// number that name, as a tool naming it would (the name rules apply).
  case nameGame(Int, name: String)
  /// A player here challenged another cabinet: carry the challenge to it.
  case sendChallenge(Challenge)
  /// Tell the cabinet that challenged this one what became of its challenge (the match
  /// with this id), or tell the rival that this cabinet gave up waiting.
  case answerChallenge(String, ChallengeAnswer)
  /// This cabinet's side of the match with this id changed (or was asked for again): tell
  /// the rival, the cabinet `rival`.
  case sendProgress(String, rival: String, HeadToHead.Side)
  /// The outcome of the match with this id became known: the record of this cabinet's
  /// game in it carries it (a record asked for before now is amended; one asked for
  /// after carries it already).
  case matchDecided(String, rival: String, HeadToHead.Outcome)
}

/// What the game is doing, as the simulated-cabinet socket and `simonctl status` show it.
public struct Status: Equatable, Sendable {
  /// The phase of the game.
  public var phase: Phase
  /// The length of the sequence being played or repeated; 0 outside a game.
  public var round: Int
  /// The points earned so far in this game (or the last one, at game over).
  public var points: Int

  /// A status with every value given.
  public init(phase: Phase, round: Int, points: Int) {
    self.phase = phase
    self.round = round
    self.points = points
  }
}

/// The phases of docs/design.md section 2; the raw values are the names on the wire.
public enum Phase: String, CaseIterable, Codable, Sendable {
  /// Waiting for a player (the settings menu counts as idle).
  case idle
  /// The slow animation that runs after a minute without play.
  case attract
  /// The three beats before Simon starts.
  case countdown
  /// Simon is showing the sequence (or a cue, pause or victory signal within a game).
  case simon
  /// The player is repeating the sequence.
  case player
  /// The game has ended; a press starts a new one.
  case gameover
}
