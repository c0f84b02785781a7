/// The whole game of Simon as a value: feed it events, it answers with effects.
///
/// `Game` performs no I/O, reads no clock and draws randomness only from the generator it
/// is given, so every rule can be checked by feeding events and reading effects. Its
/// promises: effects are returned in the order they must happen; timers count from the
/// time of the event that started them (the motor's from when its effect is performed:
/// `TimerID.countsFromPerformance`); after a game ends and its razz and celebration
/// are over, every light is off and nothing sounds; a press between games is never lost
/// (`showPressed`).
public struct Game: Sendable {
  /// The settings new games start with.
  public internal(set) var settings: Settings
  /// The cabinet's inputs and the names of who is playing.
  public var cabinet: Cabinet
  /// The all-time best of each table, to tell a new best (`Ranking.isNewBest`); the game
  /// raises an entry when one of its games beats it.
  public var bests: [TableKey: Standing]
  /// The venue's cabinets a player here can challenge (the venue bridge tells them), in
  /// the order the challenge page offers them: the menu's challenge page opens only with
  /// one there.
  public var challengeable: [String] = []
  /// The venue's challenge of the cabinet's date (the runner tells it, once the venue
  /// bridge has named the venue, and again at each new date): the menu's challenge page
  /// offers it as "today"; nil without one.
  public var daily: DailyChallenge?
  /// The sequence of the last game, for the `last` button.
  public internal(set) var lastSequence: [Pad] = []
  /// The longest sequence a player repeated correctly since the game was created, for
  /// the `longest` button.
  public internal(set) var longestSequence: [Pad] = []

  var random: SeededRandom
  var stage: Stage = .idle
  /// The game in progress, from its countdown until the next game or idle (kept at game
  /// over and through name entry: the figures shown are its own).
  var match: Match?
  /// The head-to-head match this cabinet is part of, from its challenge until the next
  /// one (`Game+HeadToHead`).
  var headToHead: HeadToHeadMatch?
  /// Earlier matches whose game here is over and whose outcome was not known when the
  /// next challenge came, newest last (at most `HeadToHeadMatch.undecidedKept`): the
  /// rival's progress still decides them.
  var undecidedMatches: [HeadToHeadMatch] = []
  /// The games asked to be recorded (`Effect.record`) and not stored yet, oldest first.
  var unstored: [GameResult] = []
  /// The record the game that ended last was stored as, once it is: the one record name
  /// entry may be for.
  var lastStoredRecord: Int?
  /// Presses the game accepted (lit) and has not seen released, with their times.
  var accepted: [Input: Duration] = [:]
  /// Inputs whose release must be ignored (the touch that woke the attract, say).
  var swallowed: Set<Input> = []
  /// No start button: the pad whose release starts a game.
  var pendingStart: Pad?
  /// Pads whose short press still shows for its minimum (a `pressMinimum` timer runs).
  var showingMinimum: Set<Pad> = []
  var lit: Set<Pad> = []
  var sounding: Tone?
  /// The motor's pattern while it plays, and the step it is at.
  var haptic: (steps: [Duration], index: Int)?
  /// Whether the game has the motor on (`Effect.haptic`), to ask only for changes.
  var motorOn = false
  /// The press being handled clicks the motor once it is handled.
  var clickPending = false
  var lastStatus: Status?
  var effects: [Effect] = []

  /// Where the game is, with what only that stage has: leaving a stage drops its state.
  enum Stage: Equatable, Sendable {
    /// Waiting for a player; free play where a start button is wired.
    case idle
    /// The slow animation at its step; the next touch only wakes the cabinet.
    case attract(step: Int)
    /// The settings menu is open.
    case menu(Menu)
    /// A player is entering their pad code: the pads pressed so far.
    case signIn(code: [Pad])
    /// A script is playing (countdown, Simon's turn, a cue, razz, ...).
    case script(ScriptRun)
    /// The player is answering.
    case answering(Answer)
    /// A game is over; a press starts the next.
    case gameOver
    /// A player is entering a name for the game that just ended.
    case naming(Naming)
    /// A head-to-head challenge is open (offered, sent or agreed: `headToHead`): the pads
    /// show its pattern, at this step.
    case challenge(step: Int)
    /// The daemon is stopping; nothing more happens.
    case stopped

    /// The answer window, while the player answers.
    var answer: Answer? {
      if case .answering(let answer) = self { answer } else { nil }
    }

    /// The script playing, if one is.
    var script: ScriptRun? {
      if case .script(let run) = self { run } else { nil }
    }
  }

  /// A game at idle.
  /// - Parameters:
  ///   - settings: what new games start with.
  ///   - cabinet: what is wired, and who plays.
  ///   - bests: the all-time best of each table, from the score store.
  ///   - random: the source of every sequence.
  public init(
    settings: Settings = .defaults, cabinet: Cabinet = Cabinet(), bests: [TableKey: Standing] = [:],
    random: SeededRandom = SeededRandom()
  ) {
    self.settings = settings
    self.cabinet = cabinet
    self.bests = bests
    self.random = random
  }

  /// The effects that set up the idle cabinet: the status and the attract timer. Call
  /// once before the first event.
  public mutating func start() -> [Effect] {
    beginEffects()
    enterIdle()
    return takeEffects()
  }

  /// Takes one event and returns everything the cabinet must do about it, in order.
  public mutating func handle(_ event: Event) -> [Effect] {
    beginEffects()
    switch event {
    case .pressed(let input, let now): pressed(input, at: now)
    case .released(let input, let now): released(input, at: now)
    case .timerFired(let timer, let now): timerFired(timer, at: now)
    case .shutdown(let now): shutdown(at: now)
    case .signedIn(let name, let now): signedIn(name, at: now)
    case .stored(let record, _): stored(record: record)
    case .nameEntryAsked(let entry, let now): nameEntryAsked(entry, at: now)
    case .namedElsewhere(let game, let now): namedElsewhere(game, at: now)
    case .challengeOffered(let challenge, let now): challengeOffered(challenge, at: now)
    case .challengeSent(let challenge, let now): challengeSent(challenge, at: now)
    case .challengeAnswered(let id, let answer, let player, let now):
      challengeAnswered(id, answer, player: player, at: now)
    case .matchStarts(let id, let now): matchStarts(id, at: now)
    case .rivalProgressed(let id, let side, let now): rivalProgressed(id, side, at: now)
    case .rivalLost(let id, let now): rivalLost(id, at: now)
    case .matchSidesAsked: matchSidesAsked()
    }
    return takeEffects()
  }

  /// Changes the settings that the next game starts with (a game in progress keeps its
  /// own). Does not report them back as changed.
  public mutating func apply(_ settings: Settings) {
    self.settings = settings
  }

  /// Replaces the cabinet's description (a reload of the configuration). Where the
  /// attract timer runs (idle, game over), a changed attract time counts from now: an
  /// operator who shortens it sees it take effect without touching the cabinet. A game,
  /// a show, name entry or the menu keeps its timers.
  /// - Returns: the effects of the change (the attract timer started again, or none).
  public mutating func reconfigure(_ cabinet: Cabinet) -> [Effect] {
    beginEffects()
    let attractChanged = cabinet.attractAfter != self.cabinet.attractAfter
    self.cabinet = cabinet
    if attractChanged, stage == .idle || stage == .gameOver {
      emit(.startTimer(.attract, after: cabinet.attractAfter))
    }
    return takeEffects()
  }

  /// What the game is doing now.
  public var status: Status {
    lastStatus ?? Status(phase: .idle, round: 0, points: 0)
  }

  /// Whether a game is in progress (from the countdown until it ends).
  public var isPlaying: Bool { match != nil && match?.ending == nil }

  /// Which pads are lit now, as the game has asked.
  public var litPads: Set<Pad> { lit }

  /// Room for the effects of one event, allocated once: growing the array one effect at a
  /// time would allocate again at 1, 2 and 4, on the way from a press to its lamp.
  private mutating func beginEffects() {
    effects = []
    effects.reserveCapacity(8)
  }

  private mutating func takeEffects() -> [Effect] {
    defer { effects = [] }
    return effects
  }

  // MARK: Dispatch

  private mutating func pressed(_ input: Input, at now: Duration) {
    // The click comes after the press's lamp, which is what the player waits for, unless
    // the press started a pattern of its own (a game over).
    clickPending = takesPress(input)
    dispatch(input, at: now)
    if clickPending { vibrate(.press) }
  }

  private mutating func dispatch(_ input: Input, at now: Duration) {
    if input == .start, isPlaying {
      quit(at: now)
      return
    }
    switch stage {
    case .idle: idlePressed(input, at: now)
    case .attract: wake(input, at: now)
    case .menu: menuPressed(input, at: now)
    case .signIn: codePressed(input, at: now)
    case .answering: answerPressed(input, at: now)
    case .gameOver: gameOverPressed(input, at: now)
    case .naming: namingPressed(input, at: now)
    case .script(let run): showPressed(input, during: run, at: now)
    case .challenge: challengePressed(input, at: now)
    case .stopped: break
    }
  }

  private mutating func released(_ input: Input, at now: Duration) {
    if case .menu = stage, let pad = input.pad { menuPadReleased(pad) }
    if swallowed.remove(input) != nil { return }
    guard let pressedAt = accepted.removeValue(forKey: input), let pad = litPad(for: input) else {
      return
    }
    if stage == .idle {
      emit(.cancelTimer(.menuHold(pad)))
      if !heldPads.isEmpty { emit(.cancelTimer(.signInHold)) }
      if pendingStart == pad {
        pendingStart = nil
        darken()
        startGame(at: now)
        return
      }
    }
    let heldFor = now - pressedAt
    if heldFor >= Timings.minimumPress {
      endPress(pad)
    } else {
      showingMinimum.insert(pad)
      emit(.startTimer(.pressMinimum(pad), after: Timings.minimumPress - heldFor))
    }
  }

  private mutating func timerFired(_ timer: TimerID, at now: Duration) {
    switch timer {
    case .step:
      switch stage {
      case .script(var run):
        run.index += 1
        stage = .script(run)
        runScript(at: now)
      case .attract(let step):
        stage = .attract(step: step + 1)
        showAttract()
      case .challenge(let step):
        stage = .challenge(step: step + 1)
        showChallenge()
      default: break
      }
    case .playerTimeout:
      if case .answering = stage { mistake(ending: .timeout, at: now) }
    case .pressMinimum(let pad):
      showingMinimum.remove(pad)
      if !accepted.keys.contains(where: { litPad(for: $0) == pad }) { endPress(pad) }
    case .attract:
      if stage == .idle || stage == .gameOver { enterAttract() }
    case .menuHold(let pad):
      if stage == .idle, accepted[Input(pad)] != nil {
        openMenu(for: pad, at: now)
      } else if case .menu = stage {
        menuHeld(pad)
      }
    case .menuIdle:
      if case .menu = stage { closeMenu(at: now) }
    case .signInHold:
      if stage == .idle, heldPads.count >= 2 { openSignIn(at: now) }
    case .signInIdle:
      if case .signIn = stage { closeSignIn() }
    case .namingIdle:
      if case .naming = stage { endNaming(with: nil, at: now) }
    case .haptic:
      hapticStepEnded()
    case .challengeAnswer, .matchStartWait:
      challengeTimedOut(timer)
    }
  }

  private mutating func shutdown(at now: Duration) {
    abandonPending()
    if var match, match.ending == nil {
      match.close(stage.answer)
      match.ending = .shutdown
      self.match = match
      record(result(of: match, at: now, ending: .shutdown), newBest: false)
    }
    cancelTimers()
    darken()
    stopVibrating()
    stage = .stopped
  }

  // MARK: Outputs

  mutating func emit(_ effect: Effect) { effects.append(effect) }

  mutating func setLight(_ pad: Pad, on: Bool) {
    guard lit.contains(pad) != on else { return }
    if on { lit.insert(pad) } else { lit.remove(pad) }
    emit(.light(pad, on: on))
  }

  mutating func play(_ tone: Tone) {
    sounding = tone
    emit(.tone(tone))
  }

  mutating func silence() {
    guard sounding != nil else { return }
    sounding = nil
    emit(.silence)
  }

  /// Every light off, no tone, and no press left to end: a short press's minimum is over
  /// too, so that its timer cannot put out a lamp of what follows (a countdown's flash).
  mutating func darken() {
    for pad in Pad.allCases { setLight(pad, on: false) }
    silence()
    for input in accepted.keys { swallowed.insert(input) }
    accepted = [:]
    pendingStart = nil
    for pad in Pad.allCases where showingMinimum.contains(pad) {
      emit(.cancelTimer(.pressMinimum(pad)))
    }
    showingMinimum = []
  }

  mutating func setStatus(_ phase: Phase) {
    let round: Int
    let points: Int
    if let match, phase != .idle, phase != .attract {
      round = phase == .gameover ? match.rounds : match.sequence.count
      points = match.points
    } else {
      round = 0
      points = 0
    }
    let status = Status(phase: phase, round: round, points: points)
    guard status != lastStatus else { return }
    lastStatus = status
    emit(.status(status))
  }

  mutating func cancelTimers() {
    let timers: [TimerID] = [
      .step, .playerTimeout, .attract, .menuIdle, .signInHold, .signInIdle, .namingIdle,
      .challengeAnswer, .matchStartWait,
    ]
    for timer in timers {
      emit(.cancelTimer(timer))
    }
    for pad in Pad.allCases {
      if accepted[Input(pad)] != nil { emit(.cancelTimer(.menuHold(pad))) }
    }
  }

  /// The pad an input lights when pressed: its own pad, or in directional play the
  /// pad a joystick direction answers for.
  func litPad(for input: Input) -> Pad? {
    input.pad ?? input.directionalPad
  }

  /// Lights and sounds a pad for an accepted press.
  mutating func beginPress(_ input: Input, pad: Pad, at now: Duration) {
    accepted[input] = now
    setLight(pad, on: true)
    play(.pad(pad))
  }

  /// A press has been lit long enough and released: dark, and quiet if it was sounding.
  mutating func endPress(_ pad: Pad) {
    setLight(pad, on: false)
    if sounding == .pad(pad) { silence() }
  }

  // MARK: Scripts

  /// Plays `steps`, then does `next`; `replaying` says which sequence a replay shows.
  mutating func playScript(
    _ steps: [ScriptStep], then next: AfterScript, replaying: Replay? = nil, at now: Duration
  ) {
    stage = .script(ScriptRun(steps: steps, then: next, replay: replaying))
    runScript(at: now)
  }

  /// Applies the script's steps from the one it is at until one holds, then waits for it.
  private mutating func runScript(at now: Duration) {
    guard var run = stage.script else { return }
    while run.index < run.steps.count {
      let step = run.steps[run.index]
      for output in step.outputs {
        switch output {
        case .light(let pad, let on): setLight(pad, on: on)
        case .allLights(let on): for pad in Pad.allCases { setLight(pad, on: on) }
        case .tone(let tone): play(tone)
        case .silence: silence()
        }
      }
      if step.hold > .zero {
        stage = .script(run)
        emit(.startTimer(.step, after: step.hold))
        return
      }
      run.index += 1
    }
    stage = .script(run)
    scriptFinished(run, at: now)
  }
}
