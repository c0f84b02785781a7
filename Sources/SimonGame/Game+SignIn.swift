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
    stage = .signIn(code: [])
    emit(.startTimer(.signInIdle, after: Timings.signInIdle))
  }

  mutating func codePressed(_ input: Input, at now: Duration) {
    guard case .signIn(var code) = stage, let pad = input.pad, accepted[input] == nil else {
      return
    }
    beginPress(input, pad: pad, at: now)
    code.append(pad)
    if code.count < Timings.codeLength {
      stage = .signIn(code: code)
      emit(.startTimer(.signInIdle, after: Timings.signInIdle))
      return
    }
    emit(.cancelTimer(.signInIdle))
    emit(.codeEntered(code))
    stage = .idle
    emit(.startTimer(.attract, after: cabinet.attractAfter))
  }

  mutating func closeSignIn() {
    darken()
    enterIdle()
  }

  /// The daemon's answer: a name takes the next seat of the roster (the pads flash twice
  /// for a lone player, or blink the seat's number in a multi-player mode); nil is an
  /// unknown code (a short razz). An answer that finds a pad pressed since to start a game
  /// (it starts when let go) shows nothing over it, so that the press is not lost.
  mutating func signedIn(_ name: String?, at now: Duration) {
    var seat: Int?
    if let name { seat = self.seat(name) }
    guard stage == .idle, pendingStart == nil else { return }
    darken()
    if let seat {
      let welcome = settings.effectivePlayers > 1 ? Scripts.cue(player: seat) : Scripts.welcome
      playScript(welcome, then: .idle, at: now)
    } else {
      playScript(Scripts.unknownCode, then: .idle, at: now)
    }
  }

  /// Seats a signed-in player: alone in one-player modes; otherwise in the next empty
  /// seat, or a fresh roster once every seat is taken. A player already seated keeps
  /// their seat.
  /// - Returns: the 1-based seat.
  mutating func seat(_ name: String) -> Int {
    let count = settings.effectivePlayers
    if count == 1 {
      cabinet.playerNames = [name]
      return 1
    }
    if let seated = cabinet.playerNames.firstIndex(of: name) { return seated + 1 }
    if cabinet.playerNames.count >= count { cabinet.playerNames = [] }
    cabinet.playerNames.append(name)
    return cabinet.playerNames.count
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
