import SimonGame
import SimonScores

/// Every member a control line can carry, for `ControlMessage`'s encoding: one flat
/// object whose first key says what it is (`hello`, `snapshot`, `led`, `tone`, `state`,
/// `game_over`, `settings`, `scores_changed`, `match`, `ok`, `error`).
struct Wire: Codable {
  var hello: ControlHello?
  var snapshot: ControlSnapshot?
  var led: Pad?
  var on: Bool?
  var tone: Double?
  var hasTone = false
  var state: CabinetView?
  var gameOver: ControlGameOver?
  var settings: ControlSettings?
  var scoresChanged: String?
  var match: MatchNews?
  var ok: RequestID?
  var result: ControlResult?
  var error: String?
  var reason: ControlRefusalReason?
  var id: RequestID?
  var hasID = false
  var t: Int64?

  enum Key: String, CodingKey {
    case hello, snapshot, led, on, tone, state, settings, match, ok, result, error, reason, id, t
    case gameOver = "game_over"
    case scoresChanged = "scores_changed"
  }

  init(_ message: ControlMessage) {
    switch message {
    case .hello(let hello): self.hello = hello
    case .snapshot(let snapshot, let t): (self.snapshot, self.t) = (snapshot, t)
    case .led(let pad, let on, let t): (led, self.on, self.t) = (pad, on, t)
    case .tone(let hertz, let t): (tone, hasTone, self.t) = (hertz, true, t)
    case .state(let view, let t): (state, self.t) = (view, t)
    case .gameOver(let over, let t): (gameOver, self.t) = (over, t)
    case .settings(let settings, let t): (self.settings, self.t) = (settings, t)
    case .scoresChanged(let how, let t): (scoresChanged, self.t) = (how, t)
    case .match(let news, let t): (match, self.t) = (news, t)
    case .ok(let id, let result): (ok, self.result) = (id, result)
    case .error(let message, let id, let reason):
      (error, self.id, hasID, self.reason) = (message, id, true, reason)
    }
  }

  var message: ControlMessage? {
    if let hello { return .hello(hello) }
    if let error { return .error(error, id: id, reason: reason) }
    if let ok { return .ok(ok, result ?? ControlResult()) }
    guard let t else { return nil }
    if let snapshot { return .snapshot(snapshot, t: t) }
    if let led, let on { return .led(led, on: on, t: t) }
    if hasTone { return .tone(tone, t: t) }
    if let state { return .state(state, t: t) }
    if let gameOver { return .gameOver(gameOver, t: t) }
    if let settings { return .settings(settings, t: t) }
    if let scoresChanged { return .scoresChanged(scoresChanged, t: t) }
    if let match { return .match(match, t: t) }
    return nil
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    hello = try container.decodeIfPresent(ControlHello.self, forKey: .hello)
    snapshot = try container.decodeIfPresent(ControlSnapshot.self, forKey: .snapshot)
    led = try container.decodeIfPresent(Pad.self, forKey: .led)
    on = try container.decodeIfPresent(Bool.self, forKey: .on)
    hasTone = container.contains(.tone)
    tone = try container.decodeIfPresent(Double.self, forKey: .tone)
    state = try container.decodeIfPresent(CabinetView.self, forKey: .state)
    gameOver = try container.decodeIfPresent(ControlGameOver.self, forKey: .gameOver)
    settings = try container.decodeIfPresent(ControlSettings.self, forKey: .settings)
    scoresChanged = try container.decodeIfPresent(String.self, forKey: .scoresChanged)
    match = try container.decodeIfPresent(MatchNews.self, forKey: .match)
    ok = try container.decodeIfPresent(RequestID.self, forKey: .ok)
    result = try container.decodeIfPresent(ControlResult.self, forKey: .result)
    error = try container.decodeIfPresent(String.self, forKey: .error)
    // A reason this build does not know (from a newer simond) is left out, not an error.
    reason = (try? container.decodeIfPresent(String.self, forKey: .reason))
      .flatMap { $0.flatMap(ControlRefusalReason.init(rawValue:)) }
    id = try container.decodeIfPresent(RequestID.self, forKey: .id)
    t = try container.decodeIfPresent(Int64.self, forKey: .t)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encodeIfPresent(hello, forKey: .hello)
    try container.encodeIfPresent(snapshot, forKey: .snapshot)
    try container.encodeIfPresent(led, forKey: .led)
    try container.encodeIfPresent(on, forKey: .on)
    if hasTone {
      if let tone {
        try container.encode(tone, forKey: .tone)
      } else {
        try container.encodeNil(forKey: .tone)
      }
    }
    try container.encodeIfPresent(state, forKey: .state)
    try container.encodeIfPresent(gameOver, forKey: .gameOver)
    try container.encodeIfPresent(settings, forKey: .settings)
    try container.encodeIfPresent(scoresChanged, forKey: .scoresChanged)
    try container.encodeIfPresent(match, forKey: .match)
    try container.encodeIfPresent(ok, forKey: .ok)
    try container.encodeIfPresent(result, forKey: .result)
    try container.encodeIfPresent(error, forKey: .error)
    try container.encodeIfPresent(reason, forKey: .reason)
    if hasID {
      if let id {
        try container.encode(id, forKey: .id)
      } else {
        try container.encodeNil(forKey: .id)
      }
    }
    try container.encodeIfPresent(t, forKey: .t)
  }
}

extension ControlSnapshot: Codable {
  enum CodingKeys: String, CodingKey { case leds, tone, state, settings }

  /// Reads `{"leds": {"green": false, ...}, "tone": null, "state": {...}, "settings": {...}}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let leds = try container.decode([String: Bool].self, forKey: .leds)
    lit = Dictionary(
      uniqueKeysWithValues: Pad.allCases.map { ($0, leds[$0.rawValue] ?? false) })
    tone = try container.decodeIfPresent(Double.self, forKey: .tone)
    state = try container.decode(CabinetView.self, forKey: .state)
    settings = try container.decode(ControlSettings.self, forKey: .settings)
  }

  /// Writes every member, `tone` as null when nothing sounds.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(
      Dictionary(uniqueKeysWithValues: Pad.allCases.map { ($0.rawValue, lit[$0] ?? false) }),
      forKey: .leds)
    if let tone {
      try container.encode(tone, forKey: .tone)
    } else {
      try container.encodeNil(forKey: .tone)
    }
    try container.encode(state, forKey: .state)
    try container.encode(settings, forKey: .settings)
  }
}

extension CabinetView: Codable {
  enum CodingKeys: String, CodingKey {
    case phase, mode, difficulty, level, round, points, players, turn, out, team, countdown
    case menu, naming, replay, daily
    case headToHead = "head_to_head"
    case turnName = "turn_name"
    case signedIn = "signed_in"
    case codeEntered = "code_entered"
  }

  /// Reads the `state` object of the control socket.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      phase: try container.decode(Phase.self, forKey: .phase),
      mode: try container.decode(GameMode.self, forKey: .mode),
      difficulty: try container.decode(Difficulty.self, forKey: .difficulty),
      level: try container.decodeIfPresent(Int.self, forKey: .level),
      round: try container.decode(Int.self, forKey: .round),
      points: try container.decode(Int.self, forKey: .points),
      players: try container.decode([String].self, forKey: .players),
      turn: try container.decodeIfPresent(Int.self, forKey: .turn),
      out: try container.decode([Int].self, forKey: .out),
      signedIn: try container.decode([String].self, forKey: .signedIn),
      team: try container.decodeIfPresent(String.self, forKey: .team),
      countdown: try container.decodeIfPresent(Int.self, forKey: .countdown),
      // A page or match state this build does not know (a newer simond) is left out, not
      // an error that would lose the whole state.
      menu: (try? container.decodeIfPresent(MenuView.self, forKey: .menu)) ?? nil,
      codeEntered: try container.decodeIfPresent(Int.self, forKey: .codeEntered),
      naming: try container.decodeIfPresent(NamingView.self, forKey: .naming),
      replay: try container.decodeIfPresent(Replay.self, forKey: .replay),
      headToHead: (try? container.decodeIfPresent(HeadToHeadView.self, forKey: .headToHead))
        ?? nil,
      daily: try container.decodeIfPresent(String.self, forKey: .daily))
  }

  /// Writes every member; those that do not apply now are null.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(phase, forKey: .phase)
    try container.encode(mode, forKey: .mode)
    try container.encode(difficulty, forKey: .difficulty)
    try container.encode(level, forKey: .level)
    try container.encode(round, forKey: .round)
    try container.encode(points, forKey: .points)
    try container.encode(players, forKey: .players)
    try container.encode(turn, forKey: .turn)
    try container.encode(turnName, forKey: .turnName)
    try container.encode(out, forKey: .out)
    try container.encode(signedIn, forKey: .signedIn)
    try container.encode(team, forKey: .team)
    try container.encode(countdown, forKey: .countdown)
    try container.encode(menu, forKey: .menu)
    try container.encode(codeEntered, forKey: .codeEntered)
    try container.encode(naming, forKey: .naming)
    try container.encode(replay, forKey: .replay)
    try container.encode(headToHead, forKey: .headToHead)
    try container.encode(daily, forKey: .daily)
  }
}

extension MenuView: Codable {
  enum CodingKeys: String, CodingKey { case page, choice, value, choices }

  /// Reads `{"page": "mode", "choice": 2, "value": "coop", "choices": 4}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let page = Page(rawValue: try container.decode(String.self, forKey: .page)) else {
      throw DecodingError.dataCorruptedError(
        forKey: .page, in: container, debugDescription: "not a menu page")
    }
    self.init(
      page: page, choice: try container.decode(Int.self, forKey: .choice),
      value: try container.decode(String.self, forKey: .value),
      choices: try container.decode(Int.self, forKey: .choices))
  }

  /// Writes every member.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(page.rawValue, forKey: .page)
    try container.encode(choice, forKey: .choice)
    try container.encode(value, forKey: .value)
    try container.encode(choices, forKey: .choices)
  }
}

extension NamingView: Codable {
  enum CodingKeys: String, CodingKey {
    case game, rank, mode, difficulty, points, choices, choice, spelled, letter, alphabet
    case maximumLength = "max_length"
    case timeout = "timeout_ms"
  }

  /// Reads `{"game": 12, "rank": 1, ..., "letter": "C", "timeout_ms": 20000}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let letter = try container.decodeIfPresent(String.self, forKey: .letter)
    guard letter.map({ $0.count == 1 }) ?? true else {
      throw DecodingError.dataCorruptedError(
        forKey: .letter, in: container, debugDescription: "not one letter")
    }
    self.init(
      game: try container.decode(Int.self, forKey: .game),
      rank: try container.decode(Int.self, forKey: .rank),
      mode: try container.decode(GameMode.self, forKey: .mode),
      difficulty: try container.decode(Difficulty.self, forKey: .difficulty),
      points: try container.decode(Int.self, forKey: .points),
      choices: try container.decode([String].self, forKey: .choices),
      choice: try container.decodeIfPresent(Int.self, forKey: .choice),
      spelled: try container.decode(String.self, forKey: .spelled),
      letter: letter?.first,
      alphabet: Array(try container.decode(String.self, forKey: .alphabet)),
      maximumLength: try container.decode(Int.self, forKey: .maximumLength),
      timeout: .milliseconds(try container.decode(Int64.self, forKey: .timeout)))
  }

  /// Writes every member; `choice` is null while spelling, `letter` while choosing.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(game, forKey: .game)
    try container.encode(rank, forKey: .rank)
    try container.encode(mode, forKey: .mode)
    try container.encode(difficulty, forKey: .difficulty)
    try container.encode(points, forKey: .points)
    try container.encode(choices, forKey: .choices)
    try container.encode(choice, forKey: .choice)
    try container.encode(spelled, forKey: .spelled)
    try container.encode(letter.map { String($0) }, forKey: .letter)
    try container.encode(String(alphabet), forKey: .alphabet)
    try container.encode(maximumLength, forKey: .maximumLength)
    try container.encode(timeout.milliseconds, forKey: .timeout)
  }
}
