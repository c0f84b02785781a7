import SimonGame
import SimonScores

/// What a key does: taps, the gestures for what a terminal cannot hold (the settings
/// menu, sign-in), the top ten.
extension TerminalCabinet {
  mutating func press(_ key: Key) -> [Effect] {
    if screen.nameEntry != nil { return nameKey(key) }
    let action = bindings.action(for: key)
    if screen.askingMenuPad {
      screen.askingMenuPad = false
      if action == .quit { return leave() + [.quit] }
      guard let pad = bindings.pad(for: key) else { return [] }
      if let reason = notIdle {
        screen.notice = "m works between games only: \(reason)."
        return []
      }
      return hold([Input(pad)], for: Self.menuHold)
    }
    screen.notice = nil
    switch action {
    case .tap(let input)?:
      guard !held.isGesture else {
        screen.notice =
          "Holding \(held.inputs.map(\.rawValue).joined(separator: " + ")) "
          + "for the cabinet: keys wait until it lets go."
        return []
      }
      return hold([input], for: HeldInput.holdTime)
    case .switchArrows?:
      bindings.arrows = bindings.arrows.switched
    case .settingsMenu?:
      if let reason = notIdle {
        screen.notice = "m works between games only: \(reason)."
      } else {
        screen.askingMenuPad = true
      }
    case .signIn?:
      if let reason = notIdle {
        screen.notice = "i works between games only: \(reason)."
        return []
      }
      return hold(Self.signInPads, for: Self.signInHold)
    case .topTen?:
      if screen.topTen != nil {
        screen.topTen = nil
        return []
      }
      return showTopTen()
    case .dismiss?:
      screen.topTen = nil
    case .quit?:
      return leave() + [.quit]
    case nil:
      break
    }
    return []
  }

  /// Why a gesture cannot start now, in a few words; nil at idle and at game over.
  private var notIdle: String? {
    if held.isGesture { return "a hold is under way" }
    let phase: Phase?
    if let view = screen.control.followed {
      if view.menu != nil { return "the menu is open" }
      if view.codeEntered != nil { return "a sign-in is under way" }
      phase = view.phase
    } else {
      phase = screen.cabinet.status?.phase
    }
    switch phase {
    // (At game over the pads do what they do at idle.)
    case .idle?, .gameover?: return nil
    case nil: return "simond has not said what the cabinet does yet"
    case .attract?: return "wake the cabinet first (press a pad)"
    case .countdown?, .simon?, .player?: return "a game is on"
    }
  }

  /// Shows the top ten of the mode and difficulty in force and asks for its games.
  private mutating func showTopTen() -> [Effect] {
    guard let view = screen.control.followed, screen.control.hello != nil else {
      screen.notice = "The top ten needs simond's control socket: simond tells it."
      return []
    }
    let table = TableKey(mode: view.mode, difficulty: view.difficulty)
    screen.topTen = TopTen(table: table)
    return [.loadTopTen(table)]
  }

  /// Reads the top ten again, for the table in force, when it is shown.
  mutating func reloadTopTen() -> [Effect] {
    guard screen.topTen != nil else { return [] }
    return showTopTen()
  }
}
