import SimonGame

/// Which GPIO line does what on a cabinet: each pad's button and LED, and the optional
/// controls. A plain value; the configuration file builds one, `recommended` is the
/// built-in default.
public struct GPIOWiring: Equatable, Sendable {
  /// The chip that holds the lines; nil means the chip that holds the named lines.
  public var chip: Chip?
  /// Each pad's button and LED. A cabinet needs all four.
  public var pads: [Pad: PadLines]
  /// The optional controls that are wired (`start`, `last`, `longest`, `up`, `down`,
  /// `left`, `right`); pads never appear here.
  public var controls: [Input: InputLine]
  /// The vibration motor's driver, where one is wired.
  public var haptic: OutputLine?

  /// A wiring with every value given.
  public init(
    chip: Chip? = nil, pads: [Pad: PadLines], controls: [Input: InputLine] = [:],
    haptic: OutputLine? = nil
  ) {
    self.chip = chip
    self.pads = pads
    self.controls = controls
    self.haptic = haptic
  }

  /// A GPIO chip, named by its label or its device path, never by its number alone
  /// (the Raspberry Pi 5 renumbered its chips).
  public enum Chip: Hashable, Sendable, CustomStringConvertible {
    /// The chip whose label is this, e.g. "pinctrl-bcm2711" or "pinctrl-rp1".
    case label(String)
    /// The chip at this device path, e.g. "/dev/gpiochip0".
    case path(String)

    /// A chip from configuration text: a path when it starts with "/", else a label.
    public init(_ text: String) {
      self = text.hasPrefix("/") ? .path(text) : .label(text)
    }

    /// The label or path as written.
    public var description: String {
      switch self {
      case .label(let label): label
      case .path(let path): path
      }
    }
  }

  /// One GPIO line: by the name the board gives it, or by its offset on a chip.
  public enum Line: Hashable, Sendable, CustomStringConvertible {
    /// The line with this name, e.g. "GPIO17".
    case name(String)
    /// The line at this offset; on the wiring's chip when `chip` is nil.
    case offset(Int, chip: Chip? = nil)

    /// The line as a person would write it: "GPIO17" or "offset 17 on pinctrl-rp1".
    public var description: String {
      switch self {
      case .name(let name): name
      case .offset(let offset, nil): "offset \(offset)"
      case .offset(let offset, let chip?): "offset \(offset) on \(chip)"
      }
    }
  }

  /// A line's pull resistor.
  public enum Bias: String, CaseIterable, Sendable {
    /// The internal pull-up: a button switches the line to ground (the default).
    case pullUp = "pull-up"
    /// The internal pull-down: a button switches the line to 3.3 V.
    case pullDown = "pull-down"
    /// No internal resistor: the circuit has its own.
    case none
  }

  /// An input line: a button or a joystick switch.
  public struct InputLine: Equatable, Sendable {
    /// Which line.
    public var line: Line
    /// The pull resistor; a microswitch to ground wants `.pullUp`.
    public var bias: Bias
    /// Whether the line reads low while pressed (true for a switch to ground).
    public var activeLow: Bool

    /// An input with every value given; the defaults suit a microswitch to ground.
    public init(_ line: Line, bias: Bias = .pullUp, activeLow: Bool = true) {
      self.line = line
      self.bias = bias
      self.activeLow = activeLow
    }
  }

  /// An output line driving a lamp or the vibration motor, directly or through a driver.
  public struct OutputLine: Equatable, Sendable {
    /// Which line.
    public var line: Line
    /// Whether the lamp lights while the line is low (a lamp wired from 3.3 V to the
    /// pin); false for a driver (ULN2803, MOSFET) that switches on a high line.
    public var activeLow: Bool

    /// An output with every value given; the default suits a lamp driver.
    public init(_ line: Line, activeLow: Bool = false) {
      self.line = line
      self.activeLow = activeLow
    }
  }

  /// A pad's two lines.
  public struct PadLines: Equatable, Sendable {
    /// The pad's button.
    public var button: InputLine
    /// The pad's lamp.
    public var led: OutputLine

    /// A pad's button and lamp.
    public init(button: InputLine, led: OutputLine) {
      self.button = button
      self.led = led
    }
  }
}
