/// Something that happened, with the time it happened on the cabinet's monotonic clock.
public enum Event: Equatable, Sendable {
  /// An input went down (already debounced).
  case pressed(Input, at: Duration)
  /// An input came up (already debounced).
  case released(Input, at: Duration)
  /// A timer the game started has run out.
  case timerFired(TimerID, at: Duration)
  /// The daemon is stopping: record the running game and go dark.
  case shutdown(at: Duration)
  /// The answer to a `codeEntered` effect: the player whose code it is, or nil.
  case signedIn(String?, at: Duration)
  /// A screen asked for name entry after the game that just ended (the daemon checked the
  /// record; `Game.nameEntryRefusal(for:)` says whether the game can take it now).
  case nameEntryAsked(NameEntry, at: Duration)
  /// The archive stored the oldest game not yet stored of those the game asked it to
  /// record (`Effect.record`), as the record with this number. The archive answers in the
  /// order the games ended, once each, when it has stored the game: at once, or when the
  /// scores file it waited for is free.
  case stored(record: Int, at: Duration)
  /// The game with this record number was named another way (the control socket's
  /// `name` or `name-latest`): name entry for it, running or waiting, ends at once.
  case namedElsewhere(game: Int, at: Duration)
  /// Another cabinet challenges this one to a head-to-head match (`Game+HeadToHead`).
  case challengeOffered(Challenge, at: Duration)
  /// A player here challenged another cabinet (`Game.matchRefusal` was nil).
  case challengeSent(Challenge, at: Duration)
  /// The rival's answer to the challenge sent from here, with the name of who plays there
  /// when it accepted (nil: unknown).
  case challengeAnswered(String, ChallengeAnswer, player: String? = nil, at: Duration)
  /// The agreed start instant of an agreed match has come.
  case matchStarts(String, at: Duration)
  /// The rival of a match told its side (its progress, or its game over).
  case rivalProgressed(String, HeadToHead.Side, at: Duration)
  /// The rival of a match went silent mid-match (its bridge, the broker or the network).
  case rivalLost(String, at: Duration)
  /// The bridge asks for this cabinet's side of every undecided match again.
  case matchSidesAsked(at: Duration)

  /// When it happened.
  public var time: Duration {
    switch self {
    case .pressed(_, let at), .released(_, let at), .timerFired(_, let at), .shutdown(let at),
      .signedIn(_, let at), .stored(_, let at), .nameEntryAsked(_, let at),
      .namedElsewhere(_, let at), .challengeOffered(_, let at), .challengeSent(_, let at),
      .challengeAnswered(_, _, _, let at), .matchStarts(_, let at), .rivalProgressed(_, _, let at),
      .rivalLost(_, let at), .matchSidesAsked(let at):
      at
    }
  }
}

/// The timers the game uses; starting a timer that is running restarts it.
public enum TimerID: Hashable, Sendable {
  /// The next step of whatever the cabinet is showing (Simon's signals, countdown, ...).
  case step
  /// The player's time to press runs out.
  case playerTimeout
  /// A short press has been lit long enough and may go dark.
  case pressMinimum(Pad)
  /// The cabinet has been idle long enough for the attract animation.
  case attract
  /// A pad has been held long enough at idle to open the settings menu.
  case menuHold(Pad)
  /// The settings menu has waited long enough for a press and closes.
  case menuIdle
  /// Two pads have been held together long enough at idle to enter a player's code.
  case signInHold
  /// Code entry has waited long enough for a press and gives up.
  case signInIdle
  /// Name entry has waited long enough for a press and ends, keeping the game's name.
  case namingIdle
  /// The vibration motor's current pulse or pause of its pattern is over.
  case haptic
  /// A head-to-head challenge has waited long enough for its answer.
  case challengeAnswer
  /// An agreed head-to-head match has waited long enough for its start instant.
  case matchStartWait

  /// Whether the timer counts from when its effect is performed rather than from the
  /// event's time, as every other timer does: a pulse of the motor is felt from when the
  /// motor starts, so a press read late still clicks for the whole pulse.
  public var countsFromPerformance: Bool { self == .haptic }
}
