/// A game in progress: everything it has earned and whose turn it is.
struct Match: Sendable {
  let mode: GameMode
  let rules: ModeRules
  let difficulty: Difficulty
  let startedAt: Duration
  let names: [String]
  let teamName: String
  let skillTarget: Int
  let answersWithJoystick: Bool
  var sequence: [Pad] = []
  var points = 0
  var rounds = 0
  var level = 1
  /// Levels: the length of the sequence that raises the level next.
  var nextLevelTarget = 0
  /// Turn positions (indices into `names`) of the players still in; all but player-adds
  /// keep everyone.
  var active: [Int]
  /// Index into `active` of the player whose turn it is.
  var turn = 0
  var ending: GameEnding?
  /// Player-adds: the winner, once one is left.
  var winner: Int?
  /// Whether name entry was asked for after this game (it runs once per game).
  var nameEntryAsked = false
  /// The reaction time of every press, one list per answer window that had a press.
  var reactions: [[Duration]] = []
  /// Whose game it is: the settings', a match's or the day's.
  let kind: Kind
  /// A head-to-head game or the day's challenge: the sequence every cabinet plays (else
  /// the game's own generator draws it).
  var sharedSequence: SharedSequence?

  /// What a game is, and so what sequence it plays and where it is recorded.
  enum Kind: Equatable, Sendable {
    /// A game of the settings (mode, difficulty, players), on the game's own sequence.
    case own
    /// A head-to-head match's game, on the match's sequence: told to the rival as it goes.
    case headToHead(Challenge)
    /// The day's challenge, on the day's sequence.
    case daily(DailyChallenge)

    /// The sequence the kind plays, where it is shared.
    var sharedSequence: SharedSequence? {
      switch self {
      case .own: nil
      case .headToHead(let challenge): SharedSequence(seed: challenge.seed)
      case .daily(let daily): SharedSequence(seed: daily.seed)
      }
    }
  }

  /// Whether this is a head-to-head match's game (told to the rival as it goes).
  var isHeadToHead: Bool {
    if case .headToHead = kind { true } else { false }
  }

  /// The date of the day's challenge, for a game of it.
  var daily: String? {
    if case .daily(let challenge) = kind { challenge.date } else { nil }
  }

  var timings: Timings { Timings(difficulty) }

  /// The 0-based turn position of the player whose turn it is.
  var currentPlayer: Int { active[turn % active.count] }

  func result(at now: Duration, ending: GameEnding) -> GameResult {
    let name =
      switch rules.recordName {
      case .player: names[0]
      case .team: teamName
      case .winner: names[winner ?? currentPlayer]
      }
    return GameResult(
      points: points, rounds: rounds, mode: mode, difficulty: difficulty, name: name,
      members: names, ending: ending, duration: now - startedAt,
      level: rules.countsLevels ? level : nil, reactions: reactions, daily: daily)
  }

  /// The game's side in a head-to-head match: its rounds and points, and once it has
  /// ended, how long it lasted from the start (both cabinets started at the same instant).
  func side(at now: Duration) -> HeadToHead.Side {
    HeadToHead.Side(rounds: rounds, points: points, outAfter: ending == nil ? nil : now - startedAt)
  }

  /// The answer window is over: its presses' reaction times join the game's.
  mutating func close(_ answer: Answer?) {
    guard let answer, !answer.gaps.isEmpty else { return }
    reactions.append(answer.gaps)
  }
}

/// The player's answer window: what is expected next and how fast they have been.
struct Answer: Equatable, Sendable {
  /// Index into the sequence of the next expected pad.
  var index = 0
  /// Player-adds: the sequence is repeated and the next press adds a pad.
  var adding = false
  /// When the window opened (Simon's turn ended) or the last press went down.
  var lastPressAt: Duration
  /// The time before each press so far (its reaction time), for the speed bonus and the
  /// record.
  var gaps: [Duration] = []
}

/// The settings menu: which setting is shown and its current choice.
struct Menu: Equatable, Sendable {
  typealias Page = MenuView.Page
  var page: Page
  var choice: Int
  var choices: Int
  /// The pad that opened the menu, while it is still held: held on, it opens the next
  /// page (sound -> haptics).
  var heldPad: Pad?
  /// The challenge page's cabinets, as they were when it opened: a list the bridge
  /// changes meanwhile does not move the choice lit onto another cabinet.
  var offered: [String] = []
  /// The challenge page's day's challenge, as it was when the page opened ("today", after
  /// "nobody"); nil when the cabinet had none.
  var today: DailyChallenge?

  /// The challenge page's choice of the day's challenge, when the page offers it.
  var todayChoice: Int? { today == nil ? nil : 1 }

  /// The challenge page's first choice of a cabinet.
  var firstCabinetChoice: Int { today == nil ? 1 : 2 }
}
