import Testing

@testable import SimonGame

/// Drives a `Game` with virtual time: timers fire at their exact deadlines, every effect
/// is kept with the time it happened. Haptics are off unless a test turns them on: the
/// motor's effects are `HapticsTests`' business, and other tests list effects exactly.
struct GameHarness {
  var game: Game
  var now: Duration = .seconds(1000)
  var timers = Deadlines<TimerID>()
  var history: [(at: Duration, effect: Effect)] = []

  init(
    settings: Settings = .with(), cabinet: Cabinet = Cabinet(), seed: UInt64 = 1,
    bests: [TableKey: Standing] = [:]
  ) {
    game = Game(
      settings: settings, cabinet: cabinet, bests: bests, random: SeededRandom(seed: seed))
    apply(game.start(), at: now)
  }

  @discardableResult
  mutating func send(_ event: Event) -> [Effect] {
    let effects = game.handle(event)
    apply(effects, at: event.time)
    return effects
  }

  @discardableResult
  mutating func press(_ input: Input) -> [Effect] { send(.pressed(input, at: now)) }

  @discardableResult
  mutating func release(_ input: Input) -> [Effect] { send(.released(input, at: now)) }

  /// A reload's cabinet description, now (`Game.reconfigure`).
  @discardableResult
  mutating func reconfigure(_ cabinet: Cabinet) -> [Effect] {
    let effects = game.reconfigure(cabinet)
    apply(effects, at: now)
    return effects
  }

  /// Press, hold, release; returns every effect in between.
  @discardableResult
  mutating func tap(_ input: Input, hold: Duration = .milliseconds(150)) -> [Effect] {
    var effects = press(input)
    effects += advance(by: hold)
    effects += release(input)
    return effects
  }

  /// Moves time forward, firing each due timer at its own deadline, in order.
  @discardableResult
  mutating func advance(by duration: Duration) -> [Effect] {
    let target = now + duration
    var effects: [Effect] = []
    while let due = timers.takeDue(upTo: target) {
      now = max(now, due.deadline)
      effects += send(.timerFired(due.key, at: due.deadline))
    }
    now = target
    return effects
  }

  /// Fires timers one at a time until the game reaches a phase.
  mutating func advance(untilPhase phase: Phase, limit: Duration = .seconds(600)) {
    let start = now
    while game.status.phase != phase {
      guard let next = timers.earliest, next - start <= limit else {
        Issue.record("never reached \(phase); stuck in \(game.status.phase)")
        return
      }
      advance(by: next - now)
    }
  }

  /// Fires timers until the cabinet has stopped showing something by itself (a script).
  mutating func advanceWhileShowing() {
    while game.stage.kind == .script, let next = timers.earliest {
      advance(by: next - now)
    }
  }

  /// The sequence of the game in progress.
  var sequence: [Pad] { game.match?.sequence ?? [] }

  /// Repeats the whole sequence correctly, each press held `hold`, `gap` between.
  mutating func repeatSequence(
    gap: Duration = .milliseconds(100), hold: Duration = .milliseconds(150)
  ) {
    for pad in sequence {
      advance(by: gap)
      tap(Input(pad), hold: hold)
    }
  }

  /// The effects from `since` on (by history index).
  func effects(since index: Int) -> [Effect] { history[index...].map(\.effect) }

  /// When each light went on and off since a history index.
  func lightChanges(since index: Int = 0) -> [(at: Duration, pad: Pad, on: Bool)] {
    history[index...].compactMap { entry in
      if case .light(let pad, let on) = entry.effect { return (entry.at, pad, on) }
      return nil
    }
  }

  /// The results recorded so far.
  var records: [GameResult] {
    history.compactMap {
      if case .record(let result, _) = $0.effect { return result }
      return nil
    }
  }

  /// Which pads are lit, as the effects so far left them.
  private(set) var litPads: Set<Pad> = []

  /// Which tone sounds, as the effects so far left it.
  private(set) var sounding: Tone?

  private mutating func apply(_ effects: [Effect], at time: Duration) {
    for effect in effects {
      history.append((time, effect))
      switch effect {
      case .startTimer(let timer, let after): timers.set(timer, at: time + after)
      case .cancelTimer(let timer): timers.cancel(timer)
      case .light(let pad, let on):
        if on { litPads.insert(pad) } else { litPads.remove(pad) }
      case .tone(let tone): sounding = tone
      case .silence: sounding = nil
      default: break
      }
    }
  }
}

extension Settings {
  /// The defaults with some values changed; haptics off unless asked for.
  static func with(
    mode: GameMode = .classic, difficulty: Difficulty = .medium, players: Int = 1,
    skillTarget: Int = 0, haptics: Bool = false
  ) -> Settings {
    var settings = Settings.defaults
    settings.hapticsOn = haptics
    settings.mode = mode
    settings.difficulty = difficulty
    settings.players = players
    settings.skillTarget = skillTarget
    return settings
  }
}
