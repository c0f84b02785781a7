/// A game from the countdown to its record: rounds, answers, targets and endings.
extension Game {
  /// Starts a game of `kind`: in the settings' mode, or on a shared sequence, a
  /// head-to-head match's (at this cabinet's difficulty) or the day's challenge (at
  /// `DailyChallenge.difficulty`), both classic, one player, no skill target.
  mutating func startGame(at now: Duration, _ kind: Match.Kind = .own) {
    emit(.cancelTimer(.attract))
    darken()
    let own = kind == .own
    let chosen =
      settings.mode.rules.answersWithJoystick && !cabinet.hasJoystick ? .classic : settings.mode
    let mode = own ? chosen : .classic
    let rules = mode.rules
    let count =
      own ? min(max(settings.players, rules.players.lowerBound), rules.players.upperBound) : 1
    let names = (0..<count).map { cabinet.playerName($0, of: count) }
    let difficulty: Difficulty =
      if case .daily = kind { DailyChallenge.difficulty } else { settings.difficulty }
    match = Match(
      mode: mode, rules: rules, difficulty: difficulty, startedAt: now, names: names,
      teamName: cabinet.teamName,
      skillTarget: rules.victory == .skillTarget && own ? settings.skillTarget : 0,
      answersWithJoystick: rules.answersWithJoystick, active: Array(names.indices), kind: kind,
      sharedSequence: kind.sharedSequence)
    if case .levels(let first, _) = rules.victory { match?.nextLevelTarget = first }
    setStatus(.countdown)
    playScript(Scripts.countdown, then: .beginRound, at: now)
  }

  /// The next round: one more signal (Simon's in most modes), the cue, Simon's turn.
  mutating func beginRound(at now: Duration) {
    guard var match else { return }
    darken()
    if match.rules.growth == .simon || match.sequence.isEmpty {
      let pad = match.sharedSequence?.next() ?? Pad.allCases.randomElement(using: &random)!
      match.sequence.append(pad)
    }
    self.match = match
    setStatus(.simon)
    beginTurn(at: now, simonPlays: true)
  }

  /// A player's turn: the cue where turns rotate, Simon's signals where he plays them.
  mutating func beginTurn(at now: Duration, simonPlays: Bool) {
    guard let match else { return }
    var steps: [ScriptStep] = []
    if match.rules.cuesTurns { steps += Scripts.cue(player: match.currentPlayer + 1) }
    if simonPlays { steps += Scripts.signals(match.sequence, timings: match.timings) }
    playScript(steps, then: .answer, at: now)
  }

  /// The script `run` has played (or a press cut it short): what follows it.
  mutating func scriptFinished(_ run: ScriptRun, at now: Duration) {
    switch run.then {
    case .beginRound: beginRound(at: now)
    case .answer: openAnswer(at: now)
    case .nextTurn: beginTurn(at: now, simonPlays: false)
    case .afterRazz: afterRazz(at: now)
    case .afterVictory: afterVictory(at: now)
    case .gameOver: enterGameOver(naming: run.nameEntry)
    case .idle:
      darken()
      enterIdle()
    }
  }

  mutating func openAnswer(at now: Duration) {
    guard let match else { return }
    stage = .answering(Answer(lastPressAt: now))
    setStatus(.player)
    emit(.startTimer(.playerTimeout, after: match.timings.playerTimeout))
  }

  mutating func answerPressed(_ input: Input, at now: Duration) {
    guard let match, var answer = stage.answer, accepted[input] == nil else { return }
    let pad: Pad
    if match.answersWithJoystick {
      guard let direction = input.directionalPad else { return }
      pad = direction
    } else {
      guard let own = input.pad else { return }
      pad = own
    }
    beginPress(input, pad: pad, at: now)
    answer.gaps.append(now - answer.lastPressAt)
    answer.lastPressAt = now
    stage = .answering(answer)

    if answer.adding {
      self.match?.sequence.append(pad)
      turnComplete(at: now)
    } else if pad == match.sequence[answer.index] {
      answer.index += 1
      stage = .answering(answer)
      if answer.index < match.sequence.count {
        emit(.startTimer(.playerTimeout, after: match.timings.playerTimeout))
      } else if match.rules.growth == .players {
        answer.adding = true
        stage = .answering(answer)
        self.match?.rounds = max(match.rounds, match.sequence.count)
        emit(.startTimer(.playerTimeout, after: match.timings.playerTimeout))
      } else {
        turnComplete(at: now)
      }
    } else {
      mistake(ending: .mistake, at: now)
    }
  }

  /// The sequence was repeated (and in player-adds extended): score it and go on (every
  /// way on plays a script, which closes the answer window).
  mutating func turnComplete(at now: Duration) {
    guard var match, let answer = stage.answer else { return }
    emit(.cancelTimer(.playerTimeout))
    match.points += Scoring.roundPoints(gaps: answer.gaps, difficulty: match.difficulty)
    if match.rules.growth == .simon { match.rounds = match.sequence.count }
    match.close(answer)
    if match.isHeadToHead { localProgressed(match.side(at: now)) }
    let length = match.sequence.count
    let victory: Bool
    switch match.rules.victory {
    case .none: victory = false
    case .skillTarget: victory = match.skillTarget > 0 && length >= match.skillTarget
    case .levels(_, let every):
      victory = length >= match.nextLevelTarget
      if victory {
        match.level += 1
        match.nextLevelTarget += every
      }
    }
    if match.rules.growth == .players {
      match.turn = (match.turn + 1) % match.active.count
      self.match = match
      setStatus(.simon)
      playScript(Scripts.pause(Timings.pauseAfterRound), then: .nextTurn, at: now)
    } else if victory {
      self.match = match
      let signal =
        Scripts.pause(Timings.pauseAfterRound)
        + Scripts.victory(pad: match.sequence[length - 1])
      if match.rules.countsLevels {
        setStatus(.simon)
        playScript(signal, then: .afterVictory, at: now)
      } else {
        // The skill target reached: the game is won at this press, and its victory signal
        // is the show after it (a tap cuts it short, start begins the next game).
        finish(.win, at: now, show: signal)
      }
    } else {
      match.turn = (match.turn + 1) % match.active.count
      self.match = match
      setStatus(.simon)
      playScript(Scripts.pause(Timings.pauseAfterRound), then: .beginRound, at: now)
    }
  }

  /// Levels: the victory signal of a level is over; the game goes on.
  mutating func afterVictory(at now: Duration) {
    guard var match else { return }
    match.turn = (match.turn + 1) % match.active.count
    self.match = match
    playScript(Scripts.pause(Timings.pauseAfterRound), then: .beginRound, at: now)
  }

  /// A wrong press or a timeout: the razz with the expected pad flashing; the game ends,
  /// or in player-adds the player is out (both play a script, which closes the answer
  /// window).
  mutating func mistake(ending: GameEnding, at now: Duration) {
    guard var match, let answer = stage.answer else { return }
    emit(.cancelTimer(.playerTimeout))
    let expected: Pad? =
      answer.adding ? match.sequence.last : match.sequence[answer.index]
    match.close(answer)
    darken()
    if match.rules.mistake == .eliminates {
      match.active.remove(at: match.turn % match.active.count)
      if match.turn >= match.active.count { match.turn = 0 }
      if match.active.count == 1 {
        // The last one left has won at this mistake: the razz and the victory signal are
        // the show after the game.
        match.winner = match.active[0]
        self.match = match
        let victory = match.sequence.last.map { Scripts.victory(pad: $0) } ?? []
        finish(.win, at: now, show: Scripts.razz(expected: expected) + victory)
        return
      }
      self.match = match
      setStatus(.simon)
      playScript(Scripts.razz(expected: expected), then: .afterRazz, at: now)
      return
    }
    match.points = Scoring.afterFinalMistake(match.points, difficulty: match.difficulty)
    self.match = match
    finish(ending, at: now, show: Scripts.razz(expected: expected))
  }

  /// Player-adds: an elimination's razz is over; the next player's turn.
  mutating func afterRazz(at now: Duration) {
    setStatus(.simon)
    beginTurn(at: now, simonPlays: false)
  }

  /// Records the game now and shows what ends it (razz, victory), then the celebration
  /// for a new best.
  mutating func finish(_ ending: GameEnding, at now: Duration, show steps: [ScriptStep]) {
    guard let newBest = end(ending, at: now) else { return }
    vibrate(newBest ? .newBest : .gameOver)
    setStatus(.gameover)
    playScript(steps + (newBest ? Scripts.celebration : []), then: .gameOver, at: now)
  }

  /// The start button during a game (seed 004's restart): the game ends as quit with
  /// the points and rounds it has, is recorded (a new best like any other, without the
  /// celebration), and the next game's countdown begins at once.
  mutating func quit(at now: Duration) {
    emit(.cancelTimer(.playerTimeout))
    emit(.cancelTimer(.step))
    match?.close(stage.answer)
    guard end(.quit, at: now) != nil else { return }
    startGame(at: now)
  }

  /// Ends the game in progress as `ending` and records it, raising its table's best when
  /// it beats it. Returns whether it is a new best, or nil when no game is in progress.
  private mutating func end(_ ending: GameEnding, at now: Duration) -> Bool? {
    guard var match, match.ending == nil else { return nil }
    match.ending = ending
    self.match = match
    let result = result(of: match, at: now, ending: ending)
    if !result.isInScoreTables {
      // A match's game and a day's challenge have tables of their own: no best is beaten.
      record(result, newBest: false)
      return false
    }
    let newBest = Ranking.isNewBest(result.standing, over: bests[result.table])
    if newBest { bests[result.table] = result.standing }
    record(result, newBest: newBest)
    return newBest
  }

  mutating func record(_ result: GameResult, newBest: Bool) {
    // (Not a day's game: `last` or `longest` would show anyone the day's sequence.)
    if let match, match.daily == nil {
      // `last` replays what Simon last played; `longest` the longest sequence a player
      // repeated correctly since power-on.
      lastSequence = match.sequence
      let repeated = Array(match.sequence.prefix(match.rounds))
      if repeated.count > longestSequence.count { longestSequence = repeated }
    }
    unstored.append(result)
    lastStoredRecord = nil
    emit(.record(result, newBest: newBest))
  }

  /// Game over, dark; name entry asked for during the show that led here begins now.
  mutating func enterGameOver(naming entry: NameEntry? = nil) {
    darken()
    stage = .gameOver
    setStatus(.gameover)
    if let entry {
      beginNaming(entry)
    } else {
      emit(.startTimer(.attract, after: cabinet.attractAfter))
    }
  }
}
