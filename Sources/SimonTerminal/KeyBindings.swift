import SimonGame

/// What a key does at the terminal cabinet.
public enum PlayAction: Equatable, Sendable {
  /// Press an input and let it go a moment later.
  case tap(Input)
  /// Switch what the arrow keys press.
  case switchArrows
  /// Hold a pad, chosen by the next key, for the settings menu (the cabinet: hold a pad
  /// 2 s at idle).
  case settingsMenu
  /// Hold two pads together to enter a player's pad code (the cabinet: hold two pads 2 s
  /// at idle).
  case signIn
  /// Show or hide the top ten of the current mode and difficulty.
  case topTen
  /// Close what is open on screen (the top ten, the menu's question).
  case dismiss
  /// Leave.
  case quit
}

/// What the arrow keys press.
public enum ArrowKeys: String, CaseIterable, Sendable {
  /// The pads, as the joystick answers for them: up green, right red, left yellow, down
  /// blue. Works in every mode but directional.
  case pads
  /// The joystick's directions, for directional mode.
  case joystick

  /// The other choice.
  public var switched: ArrowKeys { self == .pads ? .joystick : .pads }
}

/// The terminal cabinet's keys: 1-4 the pads, the arrows the pads or the joystick, `s`
/// start, `l` last, `L` longest, `j` switches the arrows, `m` the settings menu, `i`
/// sign-in, `t` the top ten, Escape closes, `q` or Ctrl-C leaves.
public struct KeyBindings: Equatable, Sendable {
  /// What the arrow keys press.
  public var arrows: ArrowKeys

  /// Bindings with the arrows pressing `arrows`.
  public init(arrows: ArrowKeys = .pads) {
    self.arrows = arrows
  }

  /// The pad's number key: green 1, red 2, yellow 3, blue 4.
  public static func number(of pad: Pad) -> Character {
    Character("\(pad.index + 1)")
  }

  /// The pad a key presses (its number, or its arrow when the arrows press the pads);
  /// nil for any other key.
  public func pad(for key: Key) -> Pad? {
    guard case .tap(let input)? = action(for: key) else { return nil }
    return input.pad
  }

  /// The arrow key that answers for a pad (the joystick's directional mapping).
  public static func arrow(for pad: Pad) -> ArrowKey {
    switch pad {
    case .green: .up
    case .red: .right
    case .yellow: .left
    case .blue: .down
    }
  }

  /// What a key does; nil for a key that does nothing.
  public func action(for key: Key) -> PlayAction? {
    switch key {
    case .character(let character):
      switch character {
      case "1": .tap(.green)
      case "2": .tap(.red)
      case "3": .tap(.yellow)
      case "4": .tap(.blue)
      case "s": .tap(.start)
      case "l": .tap(.last)
      case "L": .tap(.longest)
      case "j": .switchArrows
      case "m": .settingsMenu
      case "i": .signIn
      case "t": .topTen
      case "q", "Q": .quit
      default: nil
      }
    case .arrow(let arrow):
      .tap(input(for: arrow))
    case .control(3), .control(4):
      .quit
    case .escape:
      .dismiss
    case .control, .other:
      nil
    }
  }

  private func input(for arrow: ArrowKey) -> Input {
    let direction: Input =
      switch arrow {
      case .up: .up
      case .down: .down
      case .left: .left
      case .right: .right
      }
    guard arrows == .pads, let pad = direction.directionalPad else { return direction }
    return Input(pad)
  }
}
