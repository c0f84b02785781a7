/// What the vibration motor plays: pulses and pauses, alternating, starting with a pulse.
public enum HapticPattern: CaseIterable, Equatable, Sendable {
  /// A press the game took: one short pulse, felt as a click.
  case press
  /// A game ended: one long pulse.
  case gameOver
  /// A game ended with a new best: three pulses.
  case newBest

  /// How long the motor is on, off, on, ... in turn.
  public var steps: [Duration] {
    switch self {
    case .press: [Timings.hapticClick]
    case .gameOver: [.milliseconds(400)]
    case .newBest:
      [
        .milliseconds(120), .milliseconds(100), .milliseconds(120),
        .milliseconds(100), .milliseconds(300),
      ]
    }
  }
}

/// The vibration motor: one pattern at a time; a new one replaces what is playing.
extension Game {
  /// Plays a pattern on the motor, when one is wired and haptics are on.
  mutating func vibrate(_ pattern: HapticPattern) {
    clickPending = false
    guard settings.hapticsOn, cabinet.hasHaptics else { return }
    haptic = (pattern.steps, 0)
    setMotor(on: true)
    emit(.startTimer(.haptic, after: pattern.steps[0]))
  }

  /// The current pulse or pause is over: the next, or the motor off after the last.
  mutating func hapticStepEnded() {
    guard var haptic else { return }
    haptic.index += 1
    guard haptic.index < haptic.steps.count else {
      self.haptic = nil
      setMotor(on: false)
      return
    }
    self.haptic = haptic
    setMotor(on: haptic.index.isMultiple(of: 2))
    emit(.startTimer(.haptic, after: haptic.steps[haptic.index]))
  }

  /// Stops the motor and its pattern at once.
  mutating func stopVibrating() {
    guard haptic != nil || motorOn else { return }
    haptic = nil
    emit(.cancelTimer(.haptic))
    setMotor(on: false)
  }

  private mutating func setMotor(on: Bool) {
    guard motorOn != on else { return }
    motorOn = on
    emit(.haptic(on: on))
  }

  /// Whether the game takes a press, and so clicks the motor: a press that lights a pad,
  /// starts, quits or replays a game, wakes the cabinet or steps the menu. Presses the
  /// game ignores (during the countdown and Simon's turn, a control with nothing to do)
  /// do not click: a click says the press counted.
  func takesPress(_ input: Input) -> Bool {
    if input == .start, isPlaying { return true }
    switch stage {
    case .stopped: return false
    case .attract: return true  // any touch wakes the cabinet
    case .idle, .gameOver:
      switch input {
      case .last: return !lastSequence.isEmpty
      case .longest: return !longestSequence.isEmpty
      default: return !input.isJoystick
      }
    case .script(let run): return run.then.endsBetweenGames && !input.isJoystick
    case .menu: return input.pad != nil || input == .start
    case .signIn: return input.pad != nil
    case .challenge: return headToHead?.state == .offered && (input.pad != nil || input == .start)
    case .naming: return litPad(for: input) != nil
    case .answering:
      return match?.answersWithJoystick == true ? input.directionalPad != nil : input.pad != nil
    }
  }
}
