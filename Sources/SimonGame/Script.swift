/// One step of something the cabinet shows by itself (Simon's signals, the countdown,
/// the razz, ...): outputs to apply, then how long to wait before the next step.
struct ScriptStep: Equatable, Sendable {
  var outputs: [Output]
  var hold: Duration

  enum Output: Equatable, Sendable {
    case light(Pad, on: Bool)
    case allLights(on: Bool)
    case tone(Tone)
    case silence
  }
}

/// A script as it plays: its steps, the one it is at and what follows it.
struct ScriptRun: Equatable, Sendable {
  var steps: [ScriptStep]
  /// The step playing now (`steps.count` once all have played).
  var index = 0
  /// What follows the last step.
  var then: AfterScript
  /// The sequence it replays, when it is a replay (`CabinetView.replay`).
  var replay: Replay?
  /// Name entry asked for during the show (a game's razz or celebration): it begins when
  /// the show ends.
  var nameEntry: NameEntry?
}

/// What to do when a script has played to its end.
enum AfterScript: Equatable, Sendable {
  /// Add a signal (except in player-adds) and play the next round.
  case beginRound
  /// Open the answer window for the player whose turn it is.
  case answer
  /// Player-adds: cue the next player, who repeats without Simon playing.
  case nextTurn
  /// Player-adds: an elimination's razz is over (the game goes on): the next turn.
  case afterRazz
  /// Levels: a level's victory signal is over (the game goes on): the next round.
  case afterVictory
  /// The game is over and everything shown: wait for a new game.
  case gameOver
  /// A replay or the menu's confirmation is over: back to idle.
  case idle

  /// Whether the script is a show between games (razz, victory and celebration after the
  /// game ended, the flash after a name or a sign-in, a replay), which a press cuts short.
  var endsBetweenGames: Bool { self == .gameOver || self == .idle }
}

/// The scripts of the game: pure functions of the sequence, timings and names.
enum Scripts {
  /// Simon plays a sequence: each signal lit and sounding for its on-time, dark between.
  static func signals(_ sequence: [Pad], timings: Timings) -> [ScriptStep] {
    var steps: [ScriptStep] = []
    for (offset, pad) in sequence.enumerated() {
      let isLast = offset == sequence.count - 1
      steps.append(
        ScriptStep(
          outputs: [.light(pad, on: true), .tone(.pad(pad))],
          hold: timings.signalOn(position: offset + 1)))
      steps.append(
        ScriptStep(
          outputs: [.light(pad, on: false), .silence], hold: isLast ? .zero : timings.signalGap))
    }
    return steps
  }

  /// The countdown: all pads blink with a tick once a second, three times.
  static var countdown: [ScriptStep] {
    (0..<Timings.countdownBeats).flatMap { _ in
      [
        ScriptStep(outputs: [.allLights(on: true), .tone(.tick)], hold: Timings.countdownFlash),
        ScriptStep(
          outputs: [.allLights(on: false), .silence],
          hold: Timings.countdownBeat - Timings.countdownFlash),
      ]
    }
  }

  /// The turn cue: all pads blink the player's number (1-based), then a rest.
  static func cue(player number: Int) -> [ScriptStep] {
    var steps: [ScriptStep] = []
    for blink in 1...number {
      steps.append(ScriptStep(outputs: [.allLights(on: true)], hold: Timings.cueBlink))
      steps.append(
        ScriptStep(
          outputs: [.allLights(on: false)],
          hold: blink == number ? Timings.cueRest : Timings.cueBlink))
    }
    return steps
  }

  /// The razz: the error tone for 1.5 s while the expected pad flashes.
  static func razz(expected: Pad?) -> [ScriptStep] {
    let flashes = Int(Timings.razz / Timings.razzFlash)
    var steps: [ScriptStep] = [
      ScriptStep(outputs: [.allLights(on: false), .tone(.razz)], hold: .zero)
    ]
    for flash in 0..<flashes {
      let outputs: [ScriptStep.Output] = expected.map { [.light($0, on: flash % 2 == 0)] } ?? []
      steps.append(ScriptStep(outputs: outputs, hold: Timings.razzFlash))
    }
    steps.append(ScriptStep(outputs: [.allLights(on: false), .silence], hold: .zero))
    return steps
  }

  /// The victory signal (orig): the last pad flashes six short times with its tone.
  static func victory(pad: Pad) -> [ScriptStep] {
    (0..<Timings.victoryFlashes).flatMap { _ in
      [
        ScriptStep(outputs: [.light(pad, on: true), .tone(.pad(pad))], hold: Timings.victoryFlash),
        ScriptStep(outputs: [.light(pad, on: false), .silence], hold: Timings.victoryFlash),
      ]
    }
  }

  /// The new-best celebration: a light chase round the pads over a rising fanfare.
  static var celebration: [ScriptStep] {
    let chase: [Pad] = [.green, .red, .blue, .yellow]
    var steps: [ScriptStep] = []
    for step in 0..<Timings.celebrationSteps {
      let pad = chase[step % chase.count]
      let previous = chase[(step + chase.count - 1) % chase.count]
      steps.append(
        ScriptStep(
          outputs: [
            .light(previous, on: false), .light(pad, on: true),
            .tone(.fanfare(step % ToneSet.fanfare.count)),
          ], hold: Timings.celebrationStep))
    }
    steps.append(ScriptStep(outputs: [.allLights(on: false), .silence], hold: .zero))
    return steps
  }

  /// A pause with nothing shown.
  static func pause(_ duration: Duration) -> [ScriptStep] {
    [ScriptStep(outputs: [], hold: duration)]
  }
}
