/// Where a wired line ended up: its configuration key, name, chip and offset.
public struct GPIOLineDescription: Equatable, Sendable, CustomStringConvertible {
  /// The configuration key, e.g. "pads.green.button" or "inputs.joystick.up".
  public var key: String
  /// The line's name on its chip, or "" when it has none.
  public var name: String
  /// The chip's kernel name, e.g. "gpiochip0".
  public var chip: String
  /// The chip's label, e.g. "pinctrl-bcm2711".
  public var chipLabel: String
  /// The line's offset on the chip.
  public var offset: Int

  /// A description with every value given.
  public init(key: String, name: String, chip: String, chipLabel: String, offset: Int) {
    self.key = key
    self.name = name
    self.chip = chip
    self.chipLabel = chipLabel
    self.offset = offset
  }

  /// "GPIO17 (gpiochip0 line 17)", or "gpiochip0 line 17" for an unnamed line.
  public var description: String {
    name.isEmpty ? "\(chip) line \(offset)" : "\(name) (\(chip) line \(offset))"
  }
}
