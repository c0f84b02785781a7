/// A head-to-head match (docs/design.md section 13), as one of its two cabinets plays
/// it. Nothing from outside starts a game here: a challenge from a rival is shown on the
/// pads and a player here accepts it with a press, within `Timings.challengeAnswer`; a
/// challenge sent from here was a player's own.
///
/// - Offered (`Event.challengeOffered`): on a free cabinet (`matchRefusal`), the diagonals
///   blink in turn; a pad or start pressed accepts (`Effect.answerChallenge`, `.accepted`);
///   no press in time lapses it. A busy cabinet, or one with another challenge open,
///   declines at once.
/// - Sent (`Event.challengeSent`): the pads chase round while the rival decides
///   (`Effect.sendChallenge` asks for it to be carried); its answer (`Event.challengeAnswered`)
///   agrees or frees the cabinet; no answer in time (with `Timings.challengeGrace` for the
///   rival's own lapse to arrive) gives it up as lapsed. The rival giving up on a challenge
///   in any state before the start frees the cabinet too; a shutdown abandons it.
/// - Agreed: every pad lit until the start instant (`Event.matchStarts`); none within
///   `Timings.matchStartWait` abandons the match.
/// - Playing: a classic game at this cabinet's difficulty, on the shared sequence
///   (`SharedSequence`), with no skill target. Each round repeated and the game over are
///   told to the rival (`Effect.sendProgress`); the rival's progress comes back as
///   `Event.rivalProgressed` and the outcome (`HeadToHead.outcome`) is decided as soon as
///   it can be (`Effect.matchDecided`), during or after this game. The game is recorded
///   with the match (`GameResult.headToHead`), with the outcome if it is known by then.
extension Game {
  /// Why the cabinet cannot take a challenge now (offered or sent), or nil when it can: it
  /// is between games (idle, attract or game over) with no pad held, and no other
  /// challenge is open.
  public var matchRefusal: DeclineReason? {
    if let headToHead, headToHead.isPending { return .anotherMatch }
    switch stage {
    case .idle, .attract, .gameOver: return accepted.isEmpty ? nil : .busy
    default: return .busy
    }
  }

  mutating func challengeOffered(_ challenge: Challenge, at now: Duration) {
    // The same challenge again (a message carried twice) changes nothing.
    if headToHead?.challenge.id == challenge.id { return }
    if let refusal = matchRefusal {
      emit(.answerChallenge(challenge.id, .declined(refusal)))
      return
    }
    beginPending(challenge, state: .offered, waiting: Timings.challengeAnswer)
  }

  mutating func challengeSent(_ challenge: Challenge, at now: Duration) {
    guard matchRefusal == nil, headToHead?.challenge.id != challenge.id else { return }
    beginPending(
      challenge, state: .sent, waiting: Timings.challengeAnswer + Timings.challengeGrace)
    emit(.sendChallenge(challenge))
  }

  /// The rival's answer to the challenge sent from here, or the rival giving up on one
  /// open here (it lapsed or was abandoned there, or it declined): anything but an
  /// acceptance frees the cabinet, in any state before the start. An acceptance names who
  /// plays there, when it is known.
  mutating func challengeAnswered(
    _ id: String, _ answer: ChallengeAnswer, player: String?, at now: Duration
  ) {
    guard var headToHead, headToHead.challenge.id == id, headToHead.isPending else { return }
    guard answer == .accepted else {
      endPending()
      return
    }
    guard headToHead.state == .sent else { return }
    emit(.cancelTimer(.challengeAnswer))
    headToHead.state = .agreed
    if let player { headToHead.challenge.rival.player = player }
    self.headToHead = headToHead
    emit(.startTimer(.matchStartWait, after: Timings.matchStartWait))
    showChallenge()
  }

  /// A press while a challenge is open: an offered one is accepted by a pad or start;
  /// nothing else does anything (the press is not shown, and its release is not a start).
  mutating func challengePressed(_ input: Input, at now: Duration) {
    swallowed.insert(input)
    guard var headToHead, headToHead.state == .offered, input.pad != nil || input == .start
    else { return }
    headToHead.state = .agreed
    self.headToHead = headToHead
    // The lamps first: they are what the player waits for.
    showChallenge()
    emit(.cancelTimer(.challengeAnswer))
    emit(.answerChallenge(headToHead.challenge.id, .accepted))
    emit(.startTimer(.matchStartWait, after: Timings.matchStartWait))
  }

  /// The agreed instant: both cabinets begin the countdown of their game now.
  mutating func matchStarts(_ id: String, at now: Duration) {
    guard var headToHead, headToHead.challenge.id == id, headToHead.state == .agreed,
      case .challenge = stage
    else { return }
    emit(.cancelTimer(.step))
    emit(.cancelTimer(.matchStartWait))
    darken()
    headToHead.state = .playing
    self.headToHead = headToHead
    startGame(at: now, .headToHead(headToHead.challenge))
  }

  /// The rival's side as it told it, for this match or an earlier one still undecided (a
  /// rival lost from sight is back). A side never goes back: a message older than one
  /// already taken (fewer rounds, or in after out) changes nothing.
  mutating func rivalProgressed(_ id: String, _ side: HeadToHead.Side, at now: Duration) {
    if var headToHead, headToHead.challenge.id == id, !headToHead.isPending {
      guard headToHead.takeRival(side) else { return }
      self.headToHead = headToHead
      decideMatch()
    } else if let index = undecidedMatches.firstIndex(where: { $0.challenge.id == id }) {
      var earlier = undecidedMatches[index]
      guard earlier.takeRival(side), let outcome = earlier.decide() else {
        undecidedMatches[index] = earlier
        return
      }
      undecidedMatches.remove(at: index)
      emit(.matchDecided(id, rival: earlier.challenge.rival.cabinet, outcome))
    }
  }

  /// The rival's cabinet, its bridge or the broker went silent mid-match: this game goes
  /// on; the outcome is decided from what the rival told last where that settles it, and
  /// otherwise left open (the game recorded without one) until the rival is back.
  mutating func rivalLost(_ id: String, at now: Duration) {
    guard var headToHead, headToHead.challenge.id == id, headToHead.state == .playing,
      headToHead.outcome == nil
    else { return }
    headToHead.state = .rivalLost
    self.headToHead = headToHead
  }

  /// A head-to-head timer ran out: the challenge lapsed (not accepted here, or not
  /// answered by the rival), or the agreed start never came.
  mutating func challengeTimedOut(_ timer: TimerID) {
    guard let headToHead, case .challenge = stage else { return }
    switch (timer, headToHead.state) {
    case (.challengeAnswer, .offered), (.challengeAnswer, .sent):
      emit(.answerChallenge(headToHead.challenge.id, .lapsed))
    case (.matchStartWait, .agreed):
      emit(.answerChallenge(headToHead.challenge.id, .abandoned))
    default:
      return
    }
    endPending()
  }

  /// This game's side changed (a round repeated, the game over): tell the rival, and
  /// decide the match if that settles it.
  mutating func localProgressed(_ side: HeadToHead.Side) {
    guard var headToHead, headToHead.state == .playing || headToHead.state == .rivalLost
    else { return }
    headToHead.local = side
    self.headToHead = headToHead
    emit(.sendProgress(headToHead.challenge.id, rival: headToHead.challenge.rival.cabinet, side))
    decideMatch()
  }

  /// The bridge asks for this cabinet's side of its matches again (it started again, or
  /// the rival or the broker is back): the latest match's, decided or not (the rival may
  /// have missed how it ended here), and every earlier one still undecided.
  mutating func matchSidesAsked() {
    let open = (headToHead.map { [$0] } ?? []) + undecidedMatches.filter { $0.outcome == nil }
    for match in open {
      guard let local = match.local else { continue }
      emit(.sendProgress(match.challenge.id, rival: match.challenge.rival.cabinet, local))
    }
  }

  /// Matches recorded before the daemon stopped whose outcome is not known (a power cut
  /// or a restart mid-match), each with this cabinet's final side: the rival's side may
  /// still come (its bridge asks for `matchSidesAsked`), and decides them as if nothing
  /// had stopped. The latest `HeadToHeadMatch.undecidedKept` are kept.
  public mutating func resumeUndecided(_ matches: [(HeadToHeadRecord, HeadToHead.Side)]) {
    undecidedMatches = matches.suffix(HeadToHeadMatch.undecidedKept).map { record, side in
      HeadToHeadMatch(
        challenge: Challenge(id: record.match, rival: record.rival, seed: 0), state: .playing,
        local: side)
    }
  }

  /// What a game that just ended earned; a match's game first tells the rival its end
  /// (which may decide the match), then keeps the match, with its outcome if known.
  mutating func result(of match: Match, at now: Duration, ending: GameEnding) -> GameResult {
    var result = match.result(at: now, ending: ending)
    guard match.isHeadToHead else { return result }
    localProgressed(match.side(at: now))
    result.headToHead = headToHead.map {
      HeadToHeadRecord(match: $0.challenge.id, rival: $0.challenge.rival, outcome: $0.outcome)
    }
    return result
  }

  /// One step of the pads' pattern while a challenge is open.
  mutating func showChallenge() {
    guard let headToHead, case .challenge(let step) = stage else { return }
    let lit: Set<Pad>
    switch headToHead.state {
    case .offered: lit = step.isMultiple(of: 2) ? [.green, .blue] : [.red, .yellow]
    case .sent: lit = [[.green], [.red], [.blue], [.yellow]][step % 4]
    default: lit = Set(Pad.allCases)
    }
    for pad in Pad.allCases { setLight(pad, on: lit.contains(pad)) }
    if headToHead.state == .agreed {
      emit(.cancelTimer(.step))
    } else {
      emit(.startTimer(.step, after: Timings.challengeBlink))
    }
  }

  /// The daemon is stopping: a challenge open here is abandoned, and the rival told.
  mutating func abandonPending() {
    guard let headToHead, headToHead.isPending else { return }
    emit(.answerChallenge(headToHead.challenge.id, .abandoned))
    self.headToHead = nil
  }

  private mutating func beginPending(
    _ challenge: Challenge, state: HeadToHeadView.State, waiting: Duration
  ) {
    emit(.cancelTimer(.step))
    emit(.cancelTimer(.attract))
    darken()
    match = nil
    if let earlier = headToHead, earlier.outcome == nil, earlier.local != nil {
      undecidedMatches.append(earlier)
      undecidedMatches.removeFirst(max(0, undecidedMatches.count - HeadToHeadMatch.undecidedKept))
    }
    headToHead = HeadToHeadMatch(challenge: challenge, state: state)
    stage = .challenge(step: 0)
    setStatus(.idle)
    emit(.startTimer(.challengeAnswer, after: waiting))
    showChallenge()
  }

  /// The challenge is off: the pads go dark and the cabinet is idle again.
  private mutating func endPending() {
    emit(.cancelTimer(.step))
    emit(.cancelTimer(.challengeAnswer))
    emit(.cancelTimer(.matchStartWait))
    headToHead = nil
    darken()
    enterIdle()
  }

  private mutating func decideMatch() {
    guard var headToHead, let outcome = headToHead.decide() else { return }
    self.headToHead = headToHead
    emit(.matchDecided(headToHead.challenge.id, rival: headToHead.challenge.rival.cabinet, outcome))
  }
}

/// The head-to-head match this cabinet is part of, from the challenge until the next one:
/// kept after this cabinet's game, since the rival may play on and decide it then.
struct HeadToHeadMatch: Equatable, Sendable {
  var challenge: Challenge
  var state: HeadToHeadView.State
  /// This game's side, once it has begun.
  var local: HeadToHead.Side?
  /// The rival's side, as it last told it.
  var rival: HeadToHead.Side?
  /// Who won, once known.
  var outcome: HeadToHead.Outcome?

  /// How many earlier undecided matches the game keeps deciding (`Game.undecidedMatches`);
  /// beyond that, the oldest is left to the records' reconciliation.
  static let undecidedKept = 4

  /// Whether the match has not started yet: offered, sent or agreed.
  var isPending: Bool { state == .offered || state == .sent || state == .agreed }

  /// Takes the rival's side as told, unless it is older than the one taken (fewer rounds,
  /// or in after out); a rival lost from sight is back. Returns whether it was taken.
  mutating func takeRival(_ side: HeadToHead.Side) -> Bool {
    if let known = rival, !known.isIn || side.rounds < known.rounds { return false }
    rival = side
    if state == .rivalLost { state = .playing }
    return true
  }

  /// Decides the match when both sides settle it and it is not decided yet; returns the
  /// outcome newly decided.
  mutating func decide() -> HeadToHead.Outcome? {
    guard outcome == nil, let local, let rival,
      let decided = HeadToHead.outcome(local: local, rival: rival)
    else { return nil }
    outcome = decided
    return decided
  }

  var view: HeadToHeadView {
    HeadToHeadView(
      match: challenge.id, rival: challenge.rival, state: state, rivalSide: rival,
      outcome: outcome)
  }
}
