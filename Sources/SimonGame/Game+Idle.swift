/// Idle, attract, game over and the replay buttons: the cabinet between games.
extension Game {
  mutating func enterIdle() {
    stage = .idle
    match = nil
    setStatus(.idle)
    emit(.startTimer(.attract, after: cabinet.attractAfter))
  }

  mutating func idlePressed(_ input: Input, at now: Duration) {
    if let pad = input.pad {
      guard accepted[input] == nil else {
        emit(.startTimer(.attract, after: cabinet.attractAfter))
        return
      }
      let others = heldPads
      // The lamp first: it is what the player waits for; timers only start.
      beginPress(input, pad: pad, at: now)
      emit(.startTimer(.attract, after: cabinet.attractAfter))
      if others.isEmpty {
        emit(.startTimer(.menuHold(pad), after: Timings.menuHold))
        if !cabinet.hasStartButton, pendingStart == nil { pendingStart = pad }
      } else {
        // Two pads together: not a start, not the menu, but a player's code may follow.
        for other in others { emit(.cancelTimer(.menuHold(other))) }
        pendingStart = nil
        emit(.startTimer(.signInHold, after: Timings.signInHold))
      }
      return
    }
    emit(.startTimer(.attract, after: cabinet.attractAfter))
    switch input {
    case .start: startGame(at: now)
    case .last: replay(.last, at: now)
    case .longest: replay(.longest, at: now)
    default: break
    }
  }

  /// At game over the pads do what they do at idle, so that nobody waits for the light
  /// animation to open the menu or sign in after a game: a tap starts a game when it is
  /// let go ("tap to try again", also where a start button is wired), a pad held opens the
  /// settings menu, two pads held begin a sign-in. The start button starts at once.
  mutating func gameOverPressed(_ input: Input, at now: Duration) {
    switch input {
    case .green, .red, .yellow, .blue:
      enterIdle()
      idlePressed(input, at: now)
      if let pad = input.pad, heldPads == [pad] { pendingStart = pad }
    case .start:
      swallowed.insert(input)
      startGame(at: now)
    case .last:
      replay(.last, at: now)
    case .longest:
      replay(.longest, at: now)
    case .up, .down, .left, .right:
      emit(.startTimer(.attract, after: cabinet.attractAfter))
    }
  }

  /// A press during a show between games (`AfterScript.endsBetweenGames`: a game's
  /// razz, victory and celebration, the flash after a name or a sign-in, a replay) is
  /// never lost ("tap to try again"): the show stops where it is and the press does
  /// what it does where the show leads, at game over or idle, so a pad tapped during
  /// the razz starts the next game when let go. Name entry asked for during the show
  /// begins at once instead and takes nothing from the press. Joystick directions do
  /// nothing between games, so they leave the show playing; a press during a game's own
  /// scripts (countdown, Simon's turn, a cue) is ignored, as the rules say.
  mutating func showPressed(_ input: Input, during run: ScriptRun, at now: Duration) {
    guard run.then.endsBetweenGames, !input.isJoystick else { return }
    emit(.cancelTimer(.step))
    scriptFinished(run, at: now)
    switch stage {
    case .gameOver: gameOverPressed(input, at: now)
    case .idle: idlePressed(input, at: now)
    default: swallowed.insert(input)
    }
  }

  /// The touch that ends the attract animation only wakes the cabinet.
  mutating func wake(_ input: Input, at now: Duration) {
    emit(.cancelTimer(.step))
    swallowed.insert(input)
    darken()
    enterIdle()
  }

  mutating func enterAttract() {
    darken()
    // Nobody has played for a while: whoever signed in has walked away, team and all.
    cabinet.playerNames = []
    cabinet.teamName = Cabinet.defaultTeamName
    stage = .attract(step: 0)
    setStatus(.attract)
    showAttract()
  }

  /// One slow step of the attract animation: the next pad round the cabinet, no sound.
  mutating func showAttract() {
    guard case .attract(let step) = stage else { return }
    let order: [Pad] = [.green, .red, .blue, .yellow]
    let pad = order[step % order.count]
    for other in Pad.allCases where other != pad { setLight(other, on: false) }
    setLight(pad, on: true)
    emit(.startTimer(.step, after: Timings.attractStep))
  }

  /// Plays a remembered sequence at the current difficulty's speed, the view saying which
  /// (`CabinetView.replay`); then the cabinet is where it was: at the game over it was
  /// pressed at (its game's figures shown again), else idle. Nothing to replay, nothing
  /// happens.
  mutating func replay(_ kind: Replay, at now: Duration) {
    let sequence = kind == .last ? lastSequence : longestSequence
    guard !sequence.isEmpty else { return }
    let atGameOver = stage == .gameOver
    darken()
    emit(.cancelTimer(.attract))
    if !atGameOver { match = nil }
    lastStatus = Status(phase: .simon, round: sequence.count, points: 0)
    emit(.status(lastStatus!))
    playScript(
      Scripts.signals(sequence, timings: Timings(settings.difficulty)),
      then: atGameOver ? .gameOver : .idle, replaying: kind, at: now)
  }
}
