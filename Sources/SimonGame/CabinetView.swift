/// Everything a screen or an operator needs to know of what the cabinet is doing, beyond
/// its lamps: the phase, the game's mode and progress, who plays and whose turn it is,
/// the countdown, the menu, a code or a name being entered.
///
/// A projection of the game (`Game.view`), recomputed after every event: it never holds
/// anything the game does not.
public struct CabinetView: Equatable, Sendable {
  /// The phase of docs/design.md section 2, as the simulated cabinet reports it.
  public var phase: Phase
  /// The mode of the game in progress, else the mode the next game starts in.
  public var mode: GameMode
  /// The difficulty of the game in progress, else of the next game.
  public var difficulty: Difficulty
  /// In levels mode during a game, the level reached; nil otherwise.
  public var level: Int?
  /// The length of the sequence being played or repeated (at game over: rounds
  /// repeated); 0 outside a game.
  public var round: Int
  /// The points of the game in progress or just ended; 0 outside a game.
  public var points: Int
  /// Who plays, in turn order: the game's players during a game, else who the next game
  /// would seat ("Player", "Player 2" for empty seats).
  public var players: [String]
  /// During a multi-player game, the 0-based position in `players` whose turn it is.
  public var turn: Int?
  /// Player-adds: the positions in `players` already out.
  public var out: [Int]
  /// The players signed in, in turn order (empty: nobody).
  public var signedIn: [String]
  /// In coop, the team's name.
  public var team: String?
  /// During the countdown, the beats left: 3, 2, 1.
  public var countdown: Int?
  /// The settings menu, while it is open.
  public var menu: MenuView?
  /// While a player enters a pad code, how many pads they have pressed (0-3).
  public var codeEntered: Int?
  /// Name entry after a ranked game, while it runs.
  public var naming: NamingView?
  /// While the cabinet replays a remembered sequence (`phase` is then `simon` and `round`
  /// its length), which one; nil otherwise.
  public var replay: Replay?
  /// The head-to-head match this cabinet is part of: the challenge before its start, the
  /// rival's progress and the outcome during and after this game; nil otherwise.
  public var headToHead: HeadToHeadView?
  /// The date of the day's challenge, while its game is in progress or just ended (until
  /// the attract show or the next game); nil otherwise.
  public var daily: String?

  /// A view with every value given.
  public init(
    phase: Phase, mode: GameMode, difficulty: Difficulty, level: Int?, round: Int, points: Int,
    players: [String], turn: Int?, out: [Int], signedIn: [String], team: String?,
    countdown: Int?, menu: MenuView?, codeEntered: Int?, naming: NamingView? = nil,
    replay: Replay? = nil, headToHead: HeadToHeadView? = nil, daily: String? = nil
  ) {
    self.phase = phase
    self.mode = mode
    self.difficulty = difficulty
    self.level = level
    self.round = round
    self.points = points
    self.players = players
    self.turn = turn
    self.out = out
    self.signedIn = signedIn
    self.team = team
    self.countdown = countdown
    self.menu = menu
    self.codeEntered = codeEntered
    self.naming = naming
    self.replay = replay
    self.headToHead = headToHead
    self.daily = daily
  }

  /// The name of the player whose turn it is, if it is anyone's in particular.
  public var turnName: String? {
    guard let turn, players.indices.contains(turn) else { return nil }
    return players[turn]
  }
}

/// The settings menu as it shows: the page (which setting), the lit choice and how many
/// choices there are.
public struct MenuView: Equatable, Sendable {
  /// Which setting the menu changes.
  public enum Page: String, CaseIterable, Sendable {
    /// The game mode (green held).
    case mode
    /// The difficulty (red held).
    case difficulty
    /// The number of players (yellow held).
    case players
    /// Sound off or its volume (blue held).
    case sound
    /// Haptics off or on (blue held 2 s more, where a motor is wired).
    case haptics
    /// Challenge another cabinet of the venue to a match (green held 2 s more, where the
    /// venue bridge knows one): "nobody", then each cabinet.
    case challenge
  }

  /// Which setting the menu changes.
  public var page: Page
  /// The 0-based choice lit now.
  public var choice: Int
  /// What the choice means, for people: "coop", "hard", "3", "off", "50 %".
  public var value: String
  /// How many choices the page has.
  public var choices: Int

  /// A menu view with every value given.
  public init(page: Page, choice: Int, value: String, choices: Int) {
    self.page = page
    self.choice = choice
    self.value = value
    self.choices = choices
  }
}

extension Game {
  /// What the cabinet is doing now, for screens and operators.
  public var view: CabinetView {
    let status = self.status
    let playing = match
    let mode = playing?.mode ?? settings.mode
    let nextPlayers: [String] = {
      let count = settings.effectivePlayers
      return (0..<count).map { cabinet.playerName($0, of: count) }
    }()
    var view = CabinetView(
      phase: status.phase, mode: mode, difficulty: playing?.difficulty ?? settings.difficulty,
      level: playing?.rules.countsLevels == true ? playing?.level : nil, round: status.round,
      points: status.points, players: playing?.names ?? nextPlayers, turn: nil, out: [],
      signedIn: cabinet.playerNames,
      team: mode.rules.recordName == .team ? (playing?.teamName ?? cabinet.teamName) : nil,
      countdown: nil, menu: nil, codeEntered: nil, naming: namingView,
      replay: stage.script?.replay,
      // A match shows from its challenge through its game's end: not in the attract show
      // or the games after.
      headToHead: headToHead?.isPending == true
        || (playing?.isHeadToHead == true && status.phase != .attract)
        ? headToHead?.view : nil,
      daily: status.phase == .attract ? nil : playing?.daily)
    if let playing, playing.ending == nil, playing.names.count > 1 {
      view.turn = playing.currentPlayer
      view.out = playing.names.indices.filter { !playing.active.contains($0) }
    } else if let playing, playing.rules.mistake == .eliminates {
      view.out = playing.names.indices.filter { !playing.active.contains($0) }
    }
    switch stage {
    case .script(let run) where run.then == .beginRound && playing?.sequence.isEmpty == true:
      view.countdown = Timings.countdownBeats - min(run.index / 2, Timings.countdownBeats - 1)
    case .menu(let menu):
      view.menu = MenuView(
        page: menu.page, choice: menu.choice, value: menuValue(menu, choice: menu.choice),
        choices: menu.choices)
    case .signIn(let code):
      view.codeEntered = code.count
    default: break
    }
    return view
  }
}
