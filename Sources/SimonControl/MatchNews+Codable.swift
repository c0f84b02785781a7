import FoundationEssentials
import SimonGame

extension ChallengeAnswer {
  /// The answer's name on the wire: accepted, declined, lapsed, abandoned.
  public var wireName: String {
    switch self {
    case .accepted: "accepted"
    case .declined: "declined"
    case .lapsed: "lapsed"
    case .abandoned: "abandoned"
    }
  }

  /// Why it was declined; nil for every other answer.
  public var reason: DeclineReason? {
    if case .declined(let reason) = self { reason } else { nil }
  }

  /// Reads an answer from its wire name and, for `declined` only, its reason.
  public init?(wireName: String, reason: String?) {
    switch (wireName, reason) {
    case ("accepted", nil): self = .accepted
    case ("lapsed", nil): self = .lapsed
    case ("abandoned", nil): self = .abandoned
    case ("declined", let reason?):
      guard let reason = DeclineReason(rawValue: reason) else { return nil }
      self = .declined(reason)
    default: return nil
    }
  }
}

extension Challenge {
  /// The seed as the wire carries it: 16 lowercase hexadecimal digits.
  public var seedText: String {
    let digits = String(seed, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

extension HeadToHead.Side {
  /// The side's members on the wire: `rounds`, `points` and, once out, `out_after_ms`.
  var wireMembers: [String: Loose] {
    var members: [String: Loose] = ["rounds": .number(rounds), "points": .number(points)]
    if let outAfter { members["out_after_ms"] = .number(Int(outAfter.milliseconds)) }
    return members
  }
}

extension HeadToHead.Side: Codable {
  enum CodingKeys: String, CodingKey {
    case rounds, points
    case outAfter = "out_after_ms"
  }

  /// Reads `{"rounds": 5, "points": 15, "out_after_ms": 41000}` (`out_after_ms` null or
  /// missing while in).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      rounds: try container.decode(Int.self, forKey: .rounds),
      points: try container.decode(Int.self, forKey: .points),
      outAfter: try container.decodeIfPresent(Int64.self, forKey: .outAfter).map {
        .milliseconds($0)
      })
  }

  /// Writes every member, `out_after_ms` null while in.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rounds, forKey: .rounds)
    try container.encode(points, forKey: .points)
    try container.encode(outAfter?.milliseconds, forKey: .outAfter)
  }
}

extension HeadToHeadView: Codable {
  enum CodingKeys: String, CodingKey {
    case match, cabinet, player, state, rival, outcome
  }

  /// Reads `{"match": "...", "cabinet": "bar-2", "player": "ANNA", "state": "playing",
  /// "rival": {side} or null, "outcome": "won" or null}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let state = try container.decode(String.self, forKey: .state)
    guard let known = State(rawValue: state) else {
      throw DecodingError.dataCorruptedError(
        forKey: .state, in: container, debugDescription: "not a match state: \(state)")
    }
    self.init(
      match: try container.decode(String.self, forKey: .match),
      rival: Rival(
        cabinet: try container.decode(String.self, forKey: .cabinet),
        player: try container.decode(String.self, forKey: .player)),
      state: known,
      rivalSide: try container.decodeIfPresent(HeadToHead.Side.self, forKey: .rival),
      outcome: try container.decodeIfPresent(HeadToHead.Outcome.self, forKey: .outcome))
  }

  /// Writes every member; `rival` is null before the start, `outcome` until decided.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(match, forKey: .match)
    try container.encode(rival.cabinet, forKey: .cabinet)
    try container.encode(rival.player, forKey: .player)
    try container.encode(state.rawValue, forKey: .state)
    try container.encode(rivalSide, forKey: .rival)
    try container.encode(outcome, forKey: .outcome)
  }
}

extension MatchNews: Codable {
  enum CodingKeys: String, CodingKey {
    case news, match, cabinet, player, seed, answer, reason, side, outcome
  }

  /// Reads the `match` event's object: `news` (challenge, answer, progress, decided), the
  /// `match` id, and the members of that news (`cabinet` is the other cabinet's id).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let match = try container.decode(String.self, forKey: .match)
    switch try container.decode(String.self, forKey: .news) {
    case "challenge":
      let seedText = try container.decode(String.self, forKey: .seed)
      guard seedText.utf8.count == 16, let seed = UInt64(seedText, radix: 16) else {
        throw DecodingError.dataCorruptedError(
          forKey: .seed, in: container, debugDescription: "not 16 hexadecimal digits")
      }
      self = .challenge(
        Challenge(
          id: match,
          rival: Rival(cabinet: try container.decode(String.self, forKey: .cabinet), player: ""),
          seed: seed),
        player: try container.decode(String.self, forKey: .player))
    case "answer":
      guard
        let answer = ChallengeAnswer(
          wireName: try container.decode(String.self, forKey: .answer),
          reason: try container.decodeIfPresent(String.self, forKey: .reason))
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .answer, in: container, debugDescription: "not an answer")
      }
      self = .answer(
        match: match, answer, player: try container.decode(String.self, forKey: .player))
    case "progress":
      self = .progress(
        match: match, rival: try container.decode(String.self, forKey: .cabinet),
        try container.decode(HeadToHead.Side.self, forKey: .side))
    case "decided":
      self = .decided(
        match: match, rival: try container.decode(String.self, forKey: .cabinet),
        try container.decode(HeadToHead.Outcome.self, forKey: .outcome))
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .news, in: container, debugDescription: "unknown match news \(other)")
    }
  }

  /// Writes `news`, `match`, then the news' own members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(match, forKey: .match)
    switch self {
    case .challenge(let challenge, let player):
      try container.encode("challenge", forKey: .news)
      try container.encode(challenge.rival.cabinet, forKey: .cabinet)
      try container.encode(player, forKey: .player)
      try container.encode(challenge.seedText, forKey: .seed)
    case .answer(_, let answer, let player):
      try container.encode("answer", forKey: .news)
      try container.encode(answer.wireName, forKey: .answer)
      try container.encodeIfPresent(answer.reason?.rawValue, forKey: .reason)
      try container.encode(player, forKey: .player)
    case .progress(_, let rival, let side):
      try container.encode("progress", forKey: .news)
      try container.encode(rival, forKey: .cabinet)
      try container.encode(side, forKey: .side)
    case .decided(_, let rival, let outcome):
      try container.encode("decided", forKey: .news)
      try container.encode(rival, forKey: .cabinet)
      try container.encode(outcome, forKey: .outcome)
    }
  }
}
