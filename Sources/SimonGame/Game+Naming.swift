/// Name entry after a ranked game (docs/design.md section 11), asked for by a screen that saw the
/// game over (`Event.nameEntryAsked`); a cabinet without a screen never enters it. The
/// pads choose a registered name or spell a new one, arcade style; the joystick answers
/// for the pads as in directional play (up green, down blue, right red, left yellow).
///
/// - Green (up): the previous choice or letter; blue (down): the next, wrapping round.
///   Registered names come first, then "new name".
/// - Red (next): on a registered name, take it; on "new name", begin spelling; while
///   spelling, accept the letter and move to the next position, which starts at the
///   alphabet's first letter. Accepting the last position the length allows ends entry.
/// - Yellow (done): a registered name lit is taken; on "new name" nothing is spelled and
///   the game keeps its name; while spelling, the name is what is spelled with the letter
///   being chosen, without spaces at either end (a space leaves a position blank), and an
///   empty name keeps the game as it is.
/// - `Timings.namingIdle` without a press ends entry; the game keeps its name.
///
/// Each press lights its pad and sounds its tone as presses do elsewhere. A name ends
/// entry with the `nameGame` effect and all pads flash twice. Then, however entry ended,
/// the cabinet is at game over again: the next press starts a game. The attract timer
/// waits while entry runs; a shutdown just ends it (the game was recorded when it ended).
extension Game {
  /// Why name entry cannot begin now for the game at game over, or nil when it can: the
  /// record is the one the game that ended last was stored as (`Event.stored`), the
  /// cabinet shows that game's game over, or its razz or celebration (entry then begins
  /// when they end), the game repeated a round (`Ranking.isWorthNaming`), and entry was
  /// not asked for that game before.
  public func nameEntryRefusal(for entry: NameEntry) -> NameEntryRefusal? {
    if stage == .stopped { return .stopping }
    guard entry.game == lastStoredRecord else { return .notTheLastGame(entry.game) }
    guard let match else { return .notAtGameOver(status.phase) }
    guard match.ending != nil else { return .newGameBegun }
    if match.nameEntryAsked { return .alreadyAsked(entry.game) }
    guard Ranking.isWorthNaming(Standing(points: match.points, rounds: match.rounds)) else {
      return .notWorthNaming(entry.game)
    }
    guard stage == .gameOver || stage.script?.then == .gameOver else {
      return .notAtGameOver(status.phase)
    }
    return nil
  }

  /// Name entry as a screen shows it, while it runs.
  var namingView: NamingView? {
    guard case .naming(let naming) = stage, let match else { return nil }
    let entry = naming.entry
    return NamingView(
      game: entry.game, rank: entry.rank, mode: match.mode, difficulty: match.difficulty,
      points: match.points, choices: entry.choices, choice: naming.choice,
      spelled: String(naming.spelled),
      letter: naming.choice == nil ? entry.alphabet[naming.letter] : nil,
      alphabet: entry.alphabet, maximumLength: entry.maximumLength, timeout: Timings.namingIdle)
  }

  mutating func nameEntryAsked(_ entry: NameEntry, at now: Duration) {
    guard nameEntryRefusal(for: entry) == nil else { return }
    match?.nameEntryAsked = true
    if stage == .gameOver {
      beginNaming(entry)
    } else if var run = stage.script {
      run.nameEntry = entry
      stage = .script(run)
    }
  }

  /// Entry begins: on the first registered name, or spelling when there is none.
  mutating func beginNaming(_ entry: NameEntry) {
    emit(.cancelTimer(.attract))
    stage = .naming(Naming(entry: entry))
    emit(.startTimer(.namingIdle, after: Timings.namingIdle))
  }

  mutating func namingPressed(_ input: Input, at now: Duration) {
    guard case .naming(var naming) = stage, let pad = litPad(for: input), accepted[input] == nil
    else { return }
    beginPress(input, pad: pad, at: now)
    var outcome = Naming.Outcome.going
    switch pad {
    case .green: naming.step(by: -1)
    case .blue: naming.step(by: 1)
    case .red: outcome = naming.next()
    case .yellow: outcome = naming.done()
    }
    stage = .naming(naming)
    switch outcome {
    case .going: emit(.startTimer(.namingIdle, after: Timings.namingIdle))
    case .named(let name): endNaming(with: name, at: now)
    case .kept: endNaming(with: nil, at: now)
    }
  }

  /// The game was named another way while entry for it ran or waited for the razz to end:
  /// entry ends at once, as if the name had been chosen here (the pads flash twice), so
  /// that no press moves a choice nobody is making any more. Other games are not touched.
  mutating func namedElsewhere(_ game: Int, at now: Duration) {
    if var run = stage.script, run.nameEntry?.game == game {
      run.nameEntry = nil
      stage = .script(run)
    }
    guard case .naming(let naming) = stage, naming.entry.game == game else { return }
    endNaming(with: nil, at: now, namedElsewhere: true)
  }

  /// Entry ends: with a name, the game is named and the pads flash twice; without, the
  /// game keeps its name. A press that ended it shows for its minimum first (its release
  /// is not waited for). Then the cabinet is at game over again, dark. `namedElsewhere`:
  /// the game already has its name, so the pads flash without a `nameGame` effect.
  mutating func endNaming(with name: String?, at now: Duration, namedElsewhere: Bool = false) {
    emit(.cancelTimer(.namingIdle))
    guard case .naming(let naming) = stage else { return }
    let entry = naming.entry
    if let name { emit(.nameGame(entry.game, name: name)) }
    let pressed = !accepted.isEmpty
    for input in accepted.keys { swallowed.insert(input) }
    accepted = [:]
    playScript(
      Scripts.namingEnded(pressed: pressed, named: name != nil || namedElsewhere), then: .gameOver,
      at: now)
  }
}

extension Scripts {
  /// Name entry is over: a press still lit shows for its minimum, then all goes dark;
  /// after a name, all pads flash twice.
  static func namingEnded(pressed: Bool, named: Bool) -> [ScriptStep] {
    (pressed ? pause(Timings.minimumPress) : [])
      + [ScriptStep(outputs: [.allLights(on: false), .silence], hold: .zero)]
      + (named ? welcome : [])
  }
}
