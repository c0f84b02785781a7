/// A head-to-head match between this cabinet and another of the venue, as their bridges
/// agreed on it: which match, against whom, and the seed of the sequence both play
/// (`SharedSequence`).
public struct Challenge: Equatable, Sendable {
  /// The match's id, as every message about it names it.
  public var id: String
  /// The other cabinet and its player.
  public var rival: Rival
  /// The seed of the sequence both cabinets play.
  public var seed: UInt64

  /// A challenge with every value given.
  public init(id: String, rival: Rival, seed: UInt64) {
    self.id = id
    self.rival = rival
    self.seed = seed
  }
}

/// The other cabinet of a match, and who plays there.
public struct Rival: Codable, Equatable, Sendable {
  /// The cabinet's id in the venue.
  public var cabinet: String
  /// Its player's name.
  public var player: String

  /// A rival with every value given.
  public init(cabinet: String, player: String) {
    self.cabinet = cabinet
    self.player = player
  }
}

/// What became of a challenge before its match started, as this cabinet tells the other.
public enum ChallengeAnswer: Equatable, Sendable {
  /// A player here accepted it with the pads: the match starts at the agreed instant.
  case accepted
  /// Refused at once, for a reason.
  case declined(DeclineReason)
  /// Nobody here accepted it in time (`Timings.challengeAnswer`), or the rival never
  /// answered ours.
  case lapsed
  /// Agreed, but the start never came in time (`Timings.matchStartWait`): the match is
  /// off, and the cabinet is free again.
  case abandoned
}

/// Why a cabinet refused a challenge at once.
public enum DeclineReason: String, CaseIterable, Sendable {
  /// A game or a show (a game's razz or celebration, a replay, a flash) is going on, or
  /// the settings menu, a sign-in or name entry, or a pad is held.
  case busy
  /// Another challenge came first and is still open here.
  case anotherMatch = "another-match"
}

/// A head-to-head match after its local game, as the record keeps it.
public struct HeadToHeadRecord: Codable, Equatable, Sendable {
  /// The match's id.
  public var match: String
  /// The other cabinet and its player.
  public var rival: Rival
  /// Who won, once known: nil while the rival plays on, or when it was lost from sight.
  public var outcome: HeadToHead.Outcome?

  /// A record with every value given.
  public init(match: String, rival: Rival, outcome: HeadToHead.Outcome?) {
    self.match = match
    self.rival = rival
    self.outcome = outcome
  }

  enum CodingKeys: String, CodingKey { case match, rival, outcome }

  /// Writes every member, `outcome` null while it is not known.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(match, forKey: .match)
    try container.encode(rival, forKey: .rival)
    try container.encode(outcome, forKey: .outcome)
  }
}

/// A head-to-head match as a screen shows it: before the start, the challenge; during and
/// after the game, the rival's progress and the outcome once known.
public struct HeadToHeadView: Equatable, Sendable {
  /// Where the match stands.
  public enum State: String, CaseIterable, Sendable {
    /// The rival challenges this cabinet: a press accepts.
    case offered
    /// This cabinet challenged the rival and waits for the answer.
    case sent
    /// Both agreed; the start comes at the agreed instant.
    case agreed
    /// The games are on (or this one is over and the rival's goes on).
    case playing
    /// The rival was lost from sight mid-match: the game goes on; the outcome waits for
    /// the rival to be back unless what it told last settles it.
    case rivalLost = "rival-lost"
  }

  /// The match's id.
  public var match: String
  /// The other cabinet and its player.
  public var rival: Rival
  /// Where the match stands.
  public var state: State
  /// The rival's progress as last told; nil before the start.
  public var rivalSide: HeadToHead.Side?
  /// Who won, once known.
  public var outcome: HeadToHead.Outcome?

  /// A view with every value given.
  public init(
    match: String, rival: Rival, state: State, rivalSide: HeadToHead.Side? = nil,
    outcome: HeadToHead.Outcome? = nil
  ) {
    self.match = match
    self.rival = rival
    self.state = state
    self.rivalSide = rivalSide
    self.outcome = outcome
  }
}
