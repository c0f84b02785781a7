/// Signing in at the cabinet: hold two pads together for 2 s at idle, then press your
/// 4-pad code. The game asks the daemon whose code it is (`codeEntered`); the answer
/// (`signedIn`) names the player of the next games, until another sign-in or until the
/// cabinet falls idle into its attract animation.
extension Game {
  /// The pads held down now (accepted presses).
  var heldPads: [Pad] { accepted.keys.compactMap(\.pad) }

  mutating func openSignIn(at now: Duration) {
    emit(.cancelTimer(.attract))
    darken()
    stage = .signIn
    code = []
    emit(.startTimer(.signInIdle, after: Timings.signInIdle))
  }

  mutating func codePressed(_ input: Input, at now: Duration) {
    guard let pad = input.pad, accepted[input] == nil else { return }
    beginPress(input, pad: pad, at: now)
    code.append(pad)
    if code.count < Timings.codeLength {
      emit(.startTimer(.signInIdle, after: Timings.signInIdle))
      return
    }
    emit(.cancelTimer(.signInIdle))
    emit(.codeEntered(code))
    code = []
    stage = .idle
    emit(.startTimer(.attract, after: cabinet.attractAfter))
  }

  mutating func closeSignIn() {
    code = []
    darken()
    enterIdle()
  }

  /// The daemon's answer: a name signs the player in (the pads flash twice); nil is an
  /// unknown code (a short razz).
  mutating func signedIn(_ name: String?, at now: Duration) {
    guard stage == .idle else {
      if let name { cabinet.playerNames = [name] }
      return
    }
    darken()
    if let name {
      cabinet.playerNames = [name]
      playScript(Scripts.welcome, then: .idle, at: now)
    } else {
      playScript(Scripts.unknownCode, then: .idle, at: now)
    }
  }
}

extension Scripts {
  /// A player signed in: all pads flash twice.
  static var welcome: [ScriptStep] {
    (0..<2).flatMap { _ in
      [
        ScriptStep(outputs: [.allLights(on: true)], hold: Timings.victoryFlash * 2),
        ScriptStep(outputs: [.allLights(on: false)], hold: Timings.victoryFlash * 2),
      ]
    }
  }

  /// Nobody has that code: a short razz.
  static var unknownCode: [ScriptStep] {
    [
      ScriptStep(outputs: [.tone(.razz)], hold: .milliseconds(500)),
      ScriptStep(outputs: [.silence], hold: .zero),
    ]
  }
}
