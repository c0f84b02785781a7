import SimonGame

extension GPIOWiring {
  /// A mistake in a wiring, with the configuration key it concerns.
  public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// The configuration key, e.g. "pads.red" or "inputs.joystick.up".
    public var key: String
    /// What is wrong, for people.
    public var message: String

    /// A problem at a key.
    public init(key: String, message: String) {
      self.key = key
      self.message = message
    }

    /// "key: message".
    public var description: String { "\(key): \(message)" }
  }

  /// Every mistake that can be seen without the hardware: a pad without lines, a pad
  /// listed among the controls, an empty line name, a negative offset, the same line
  /// used twice. Empty for a usable wiring. (Two spellings of one line, a name and its
  /// offset, show only once the chip is read: `GPIOCabinet.open` reports those.)
  public var problems: [Problem] {
    var problems: [Problem] = []
    for pad in Pad.allCases where pads[pad] == nil {
      problems.append(
        Problem(
          key: "pads.\(pad.rawValue)", message: "missing: every pad needs a button and an led"))
    }
    for input in Input.allCases where input.pad != nil && controls[input] != nil {
      problems.append(
        Problem(key: Self.key(for: input), message: "a pad is wired under pads, not inputs"))
    }
    var firstKey: [Line: String] = [:]
    for wired in wiredLines {
      switch wired.line {
      case .name(let name) where name.isEmpty:
        problems.append(Problem(key: wired.key, message: "the line name is empty"))
      case .offset(let offset, _) where offset < 0:
        problems.append(Problem(key: wired.key, message: "the offset \(offset) is negative"))
      default:
        break
      }
      if let earlier = firstKey[wired.line] {
        problems.append(
          Problem(key: wired.key, message: "line \(wired.line) is already used by \(earlier)"))
      } else {
        firstKey[wired.line] = wired.key
      }
    }
    return problems
  }

  /// Every wired line with its configuration key, pads first (each button, then its
  /// LED, in pad order), then the controls in `Input` order, then the vibration motor.
  var wiredLines: [WiredLine] {
    var lines: [WiredLine] = []
    for pad in Pad.allCases {
      guard let wiring = pads[pad] else { continue }
      let input = Input(pad)
      lines.append(
        WiredLine(key: "pads.\(pad.rawValue).button", role: .input(input, wiring.button)))
      lines.append(WiredLine(key: "pads.\(pad.rawValue).led", role: .led(pad, wiring.led)))
    }
    for input in Input.allCases where input.pad == nil {
      guard let line = controls[input] else { continue }
      lines.append(WiredLine(key: Self.key(for: input), role: .input(input, line)))
    }
    if let haptic { lines.append(WiredLine(key: "haptics.motor", role: .haptic(haptic))) }
    return lines
  }

  /// The configuration key of an input: "pads.green.button", "inputs.start",
  /// "inputs.joystick.up".
  static func key(for input: Input) -> String {
    if let pad = input.pad { return "pads.\(pad.rawValue).button" }
    return input.isJoystick ? "inputs.joystick.\(input.rawValue)" : "inputs.\(input.rawValue)"
  }
}

/// One line of a wiring with what it does and where the configuration sets it.
struct WiredLine: Equatable, Sendable {
  /// What the line does.
  enum Role: Equatable, Sendable {
    /// An input: a pad's button or a control.
    case input(Input, GPIOWiring.InputLine)
    /// A pad's lamp.
    case led(Pad, GPIOWiring.OutputLine)
    /// The vibration motor's driver.
    case haptic(GPIOWiring.OutputLine)
  }

  /// The configuration key, e.g. "pads.green.button".
  var key: String
  /// What the line does.
  var role: Role

  /// Which line.
  var line: GPIOWiring.Line {
    switch role {
    case .input(_, let input): input.line
    case .led(_, let output), .haptic(let output): output.line
    }
  }
}
