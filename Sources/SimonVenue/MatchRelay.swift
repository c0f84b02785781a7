import SimonControl
import SimonGame

/// The bridge's part in head-to-head matches (docs/venue.md, "Matches"): simond's match
/// news becomes messages to the rival's bridge, and the rival's messages become simond's
/// match requests. simond checks every request again; the relay refuses, before that,
/// what the network can forge or replay:
/// - a message whose `from` is not the cabinet of the topic it came on (the broker's ACL
///   lets each cabinet write under its own id only);
/// - a message about a match this bridge does not know, or from a cabinet that is not
///   that match's rival (a challenge is the only news of a new match);
/// - a message whose sequence number is not above the last taken in its match (a replay),
///   and a challenge sent more than `Timings.challengeAnswer` ago.
///
/// The accepting side picks the start: `startLead` after its answer, by its wall clock;
/// both cabinets start then (their clocks agree within what NTP keeps on a LAN).
///
/// A value, told everything with the time: tested without a broker or a simond.
struct MatchRelay {
  /// What the bridge does for the relay.
  enum Action: Equatable, Sendable {
    /// Publish a message on this cabinet's match topic.
    case publish(MatchMessage)
    /// Ask simond.
    case request(ControlRequest.Action)
    /// Log a message that was refused, saying why.
    case refused(String)
  }

  /// Why a message was refused.
  struct Refusal: Error, Equatable, Sendable {
    var text: String
    init(_ text: String) { self.text = text }
  }

  /// A match the relay knows.
  struct Known: Equatable, Sendable {
    /// The other cabinet.
    var rival: String
    /// The highest sequence number taken from the rival in this match.
    var rivalSequence: Int
    /// Whether both agreed and the start was given.
    var started = false
    /// Whether this cabinet has told its outcome.
    var decided = false
    /// Whether the rival was out of sight since its last message: its next one asks
    /// simond for this cabinet's side again (the rival's bridge may have started again and
    /// refused what was told before it knew the match).
    var rivalAway = false
  }

  /// This cabinet's id.
  let cabinet: String
  /// The matches known, by id.
  private(set) var matches: [String: Known] = [:]
  /// Match ids, oldest first, to forget the oldest beyond `kept`.
  private var order: [String] = []
  /// The sequence number of the last message sent.
  private var lastSequence = 0

  /// How long after the accepting answer both cabinets start: time for the answer to
  /// reach the rival's bridge and simond, with room to spare on a LAN.
  static let startLead = 1500
  /// How many matches are remembered; the oldest is forgotten first.
  static let kept = 32
  /// How old a challenge may be: the challenged cabinet waits this long for a press.
  static let challengeLife = Int(Timings.challengeAnswer.components.seconds) * 1000

  init(cabinet: String) { self.cabinet = cabinet }

  // MARK: From simond

  /// simond's news for the rival, at `now` (milliseconds since 1970).
  mutating func news(_ news: MatchNews, now: Int) -> [Action] {
    switch news {
    case .challenge(let challenge, let player):
      let rival = challenge.rival.cabinet
      guard rival != cabinet else {
        return [
          .refused("match \(challenge.id): a cabinet cannot challenge itself"),
          .request(.matchAnswer(match: challenge.id, .declined(.busy), player: nil)),
        ]
      }
      remember(challenge.id, Known(rival: rival, rivalSequence: 0))
      var message = message(.challenge, match: challenge.id, to: rival, now: now)
      message.player = player
      message.seed = challenge.seedText
      message.sentMs = now
      return [.publish(message)]

    case .answer(let match, let answer, let player):
      guard var known = matches[match] else { return [] }
      var message = message(.answer, match: match, to: known.rival, now: now)
      message.answer = answer.wireName
      message.reason = answer.reason?.rawValue
      guard answer == .accepted else {
        forget(match)
        return [.publish(message)]
      }
      let start = now + Self.startLead
      message.player = player
      message.startMs = start
      known.started = true
      matches[match] = known
      return [.publish(message), .request(.matchStart(match: match, atMilliseconds: start))]

    case .progress(let match, let rival, let side):
      // A match this bridge does not know (it started again since) is known from simond.
      if matches[match] == nil { remember(match, Known(rival: rival, rivalSequence: 0)) }
      matches[match]?.started = true
      var message = message(.progress, match: match, to: rival, now: now)
      message.side = side
      return [.publish(message)]

    case .decided(let match, let rival, let outcome):
      if matches[match] == nil { remember(match, Known(rival: rival, rivalSequence: 0)) }
      matches[match]?.decided = true
      var message = message(.decided, match: match, to: rival, now: now)
      message.outcome = outcome
      return [.publish(message)]
    }
  }

  // MARK: From the broker

  /// A message on the match topic of `sender` (the topic's cabinet).
  mutating func received(_ payload: [UInt8], from sender: String, now: Int) -> [Action] {
    do {
      return try take(try MatchMessage(payload: payload), from: sender, now: now)
    } catch {
      return [.refused("refused a match message from cabinet \(sender): \(error.text)")]
    }
  }

  private mutating func take(_ message: MatchMessage, from sender: String, now: Int) throws(Refusal)
    -> [Action]
  {
    guard message.from == sender else {
      throw Refusal("it says it is from \(message.from) (forged)")
    }
    guard message.from != cabinet, message.to == cabinet else { return [] }
    let id = message.match
    if message.kind == .challenge {
      guard matches[id] == nil else { throw Refusal("match \(id) is known already (replayed)") }
      guard let player = message.player, let seed = message.seed, let sent = message.sentMs
      else { throw Refusal("a challenge needs \"player\", \"seed\" and \"sent_ms\"") }
      guard abs(now - sent) <= Self.challengeLife else {
        throw Refusal(
          "match \(id): the challenge was sent \((now - sent) / 1000) s ago (stale or replayed)")
      }
      guard seed.utf8.count == 16, let number = UInt64(seed, radix: 16) else {
        throw Refusal("match \(id): \"seed\" must be 16 hexadecimal digits")
      }
      remember(id, Known(rival: sender, rivalSequence: message.seq))
      return [
        .request(
          .matchOffer(
            Challenge(id: id, rival: Rival(cabinet: sender, player: player), seed: number)))
      ]
    }
    guard var known = matches[id] else { throw Refusal("no match \(id) is known here") }
    guard known.rival == sender else {
      throw Refusal("match \(id) is with cabinet \(known.rival), not \(sender) (forged)")
    }
    guard message.seq > known.rivalSequence else {
      throw Refusal(
        "match \(id): message \(message.seq) is not after \(known.rivalSequence) (replayed)")
    }
    known.rivalSequence = message.seq
    matches[id] = known
    switch message.kind {
    case .challenge:
      return []
    case .answer:
      guard let name = message.answer,
        let answer = ChallengeAnswer(wireName: name, reason: message.reason)
      else { throw Refusal("match \(id): not an answer") }
      guard answer == .accepted else {
        // Given up after the start was given here: the rival never started (its start
        // came too late there); this game goes on without it.
        if known.started { return [.request(.matchRivalLost(match: id))] }
        forget(id)
        return [.request(.matchAnswer(match: id, answer, player: nil))]
      }
      guard let start = message.startMs, let player = message.player else {
        throw Refusal("match \(id): an acceptance needs \"player\" and \"start_ms\"")
      }
      known.started = true
      matches[id] = known
      return [
        .request(.matchAnswer(match: id, .accepted, player: player)),
        .request(.matchStart(match: id, atMilliseconds: start)),
      ]
    case .progress:
      guard let side = message.side else { throw Refusal("match \(id): progress needs \"side\"") }
      guard known.rivalAway else { return [.request(.matchRival(match: id, side))] }
      matches[id]?.rivalAway = false
      return [.request(.matchRival(match: id, side)), .request(.matchSync)]
    case .decided:
      return []
    }
  }

  // MARK: Comings and goings

  /// The rival `other`'s bridge went offline (its last will) or came back: gone, simond
  /// hears the rival is lost; back, simond tells its side of every undecided match again
  /// (what the rival missed meanwhile).
  mutating func availability(of other: String, online: Bool) -> [Action] {
    let started = matches.filter { $0.value.rival == other && $0.value.started }
    for id in started.keys { matches[id]?.rivalAway = true }
    // Back: even a match decided here, whose end the rival may have missed.
    if online { return started.isEmpty ? [] : [.request(.matchSync)] }
    return started.filter { !$0.value.decided }.keys.sorted().map {
      .request(.matchRivalLost(match: $0))
    }
  }

  /// This bridge's connection to the broker was lost, or is back (as `availability`, for
  /// every rival at once).
  func broker(connected: Bool) -> [Action] {
    if connected { return [.request(.matchSync)] }
    let started = matches.filter { $0.value.started && !$0.value.decided }.keys.sorted()
    return started.map { .request(.matchRivalLost(match: $0)) }
  }

  // MARK: Bookkeeping

  private mutating func message(
    _ kind: MatchMessage.Kind, match: String, to rival: String, now: Int
  ) -> MatchMessage {
    lastSequence = max(lastSequence + 1, now)
    return MatchMessage(from: cabinet, to: rival, match: match, seq: lastSequence, kind: kind)
  }

  private mutating func remember(_ id: String, _ known: Known) {
    matches[id] = known
    order.append(id)
    while order.count > Self.kept { matches[order.removeFirst()] = nil }
  }

  private mutating func forget(_ id: String) {
    matches[id] = nil
    order.removeAll { $0 == id }
  }
}
