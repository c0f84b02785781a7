/// What this cabinet tells the rival of a head-to-head match, through the venue's bridge:
/// the game's head-to-head effects (`Effect.sendChallenge` and the others), with the name
/// of who plays here filled in where the rival shows it.
public enum MatchNews: Equatable, Sendable {
  /// A player here, `player`, challenged the cabinet `challenge.rival.cabinet`.
  case challenge(Challenge, player: String)
  /// What became of the challenge of the match `match` here: `player` plays here when it
  /// was accepted.
  case answer(match: String, ChallengeAnswer, player: String)
  /// This cabinet's side of the match `match` against the cabinet `rival` now (a round
  /// repeated, the game over, or told again when asked).
  case progress(match: String, rival: String, HeadToHead.Side)
  /// The outcome of the match `match` against the cabinet `rival`, as this cabinet sees it.
  case decided(match: String, rival: String, HeadToHead.Outcome)

  /// The match the news is about.
  public var match: String {
    switch self {
    case .challenge(let challenge, _): challenge.id
    case .answer(let match, _, _), .progress(let match, _, _), .decided(let match, _, _): match
    }
  }
}
