import SimonHardware

/// The faults a builder can act on, each naming the line, the chip and what to do.
/// Lowercase and specific, like libgpiod's own tools.
enum GPIOMessages {
  /// No GPIO chip exists at all.
  static func noChip(gpioEntries: [String]) -> HardwareError {
    let seen =
      gpioEntries.isEmpty
      ? "nothing in /dev mentions gpio" : "in /dev: \(gpioEntries.joined(separator: ", "))"
    return HardwareError(
      .noDevice,
      "no GPIO chip: /dev has no gpiochip device (\(seen)). This needs a board with GPIO "
        + "(a Raspberry Pi 3, 4, 5 or Zero 2 W); without one, simond runs with --hardware sim")
  }

  /// The configured chip path does not exist.
  static func noChip(at path: String, chips: [ChipSnapshot]) -> HardwareError {
    HardwareError(.noDevice, "no GPIO chip at \(path) (gpio.chip); chips here: \(list(chips))")
  }

  /// The configured chip path is a file but no GPIO chip.
  static func notAChip(_ path: String, chips: [ChipSnapshot]) -> HardwareError {
    HardwareError(.noDevice, "\(path) is not a GPIO chip (gpio.chip); chips here: \(list(chips))")
  }

  /// No chip has the configured label.
  static func noChip(labelled label: String, chips: [ChipSnapshot]) -> HardwareError {
    HardwareError(
      .noDevice,
      "no GPIO chip labelled '\(label)' (gpio.chip); chips here: \(list(chips)). "
        + "The 40-pin header is 'pinctrl-rp1' on a Pi 5, 'pinctrl-bcm2711' on a Pi 4, "
        + "'pinctrl-bcm2835' on a Pi 3 or Zero 2 W")
  }

  /// A chip exists but this user may not open it.
  static func permissionDenied(_ path: String, group: String?) -> HardwareError {
    var message =
      "permission denied opening \(path): join the group 'gpio' "
      + "(sudo usermod -aG gpio $USER, then log in again)"
    if let group, group != "gpio" {
      message +=
        "; the device belongs to group '\(group)', so also install the cabinet's udev rule "
        + "that gives GPIO chips to 'gpio'"
    }
    return HardwareError(.permissionDenied, message)
  }

  /// No searched chip has a line with the name.
  static func noLine(named name: String, key: String, searched chips: [ChipSnapshot])
    -> HardwareError
  {
    let place = chips.count == 1 ? "on \(chips[0].title)" : "on any GPIO chip"
    var message = "no line named '\(name)' (\(key)) \(place)"
    message += suggestions(for: name, in: chips)
    for chip in chips {
      let names = chip.lines.map(\.name).filter { !$0.isEmpty }
      guard !names.isEmpty else { continue }
      let shown = names.prefix(64).joined(separator: " ")
      let more = names.count > 64 ? " (and \(names.count - 64) more)" : ""
      message += "; lines on \(chip.title): \(shown)\(more)"
    }
    return HardwareError(.noSuchLine, message)
  }

  /// The offset is past the chip's last line.
  static func noLine(at offset: Int, key: String, chip: ChipSnapshot) -> HardwareError {
    HardwareError(
      .noSuchLine,
      "no line at offset \(offset) (\(key)) on \(chip.title): it has \(chip.lines.count) lines, "
        + "0-\(chip.lines.count - 1)")
  }

  /// An offset names no chip and nothing else tells which.
  static func noChip(forOffset offset: Int, key: String) -> HardwareError {
    HardwareError(
      .noSuchLine,
      "line offset \(offset) (\(key)) names no chip: set gpio.chip, or the line's chip")
  }

  /// Two keys name the same line.
  static func wiredTwice(_ line: GPIOLineDescription, first: String) -> HardwareError {
    HardwareError(.noSuchLine, "line \(line) is wired twice: \(first) and \(line.key)")
  }

  /// Someone else holds a line.
  static func busy(_ line: GPIOLineDescription, chipTitle: String, consumer: String)
    -> HardwareError
  {
    let name = line.name.isEmpty ? "offset \(line.offset)" : "'\(line.name)'"
    var message = "line \(name) (\(line.key)) on \(chipTitle) is busy: "
    switch consumer {
    case "simond":
      message +=
        "held by 'simond'. simond is running and holds the cabinet's lines: "
        + "stop it first (sudo systemctl stop simond)"
    case "simonctl":
      message += "held by 'simonctl': another simonctl test-hardware is running"
    case "":
      message += "held by an unnamed consumer (the kernel or another program; gpioinfo shows it)"
    default:
      message +=
        "held by '\(consumer)': free it (the driver or overlay that claims it) or wire another line"
    }
    return HardwareError(.busy, message)
  }

  /// A call failed for a reason a builder cannot fix by wiring.
  static func failed(_ error: GPIOPortError, what: String) -> HardwareError {
    HardwareError(
      .io, "unable to \(what) on \(error.chip): \(error.code)")
  }

  /// Maps a failure to open a chip onto the fault a builder can act on.
  static func openFailed(_ error: GPIOPortError, group: String?, chips: [ChipSnapshot])
    -> HardwareError
  {
    switch error.code {
    case .permissionDenied, .notPermitted: permissionDenied(error.chip, group: group)
    case .noSuchFileOrDirectory: noChip(at: error.chip, chips: chips)
    case .inappropriateIOCTLForDevice, .operationNotSupportedByDevice, .noSuchAddressOrDevice,
      .invalidArgument, .notDirectory:
      notAChip(error.chip, chips: chips)
    default: failed(error, what: "open the GPIO chip")
    }
  }

  private static func list(_ chips: [ChipSnapshot]) -> String {
    chips.isEmpty
      ? "none"
      : chips.map { "\($0.path) \($0.title) (\($0.lines.count) lines)" }.joined(separator: ", ")
  }

  /// "; did you mean 'GPIO17'?" for a name that differs in case, and a hint when a
  /// "GPIOn" name finds a line n called otherwise (Pi 3 and 4 name some header pins
  /// after their function).
  private static func suggestions(for name: String, in chips: [ChipSnapshot]) -> String {
    var text = ""
    let folded = name.lowercased()
    for chip in chips {
      if let match = chip.lines.first(where: { $0.name.lowercased() == folded }) {
        text += "; did you mean '\(match.name)'?"
        break
      }
    }
    let digits = name.drop { !$0.isNumber }
    let prefix = name.prefix { !$0.isNumber }.uppercased()
    if let number = Int(digits), ["GPIO", "BCM", ""].contains(prefix) {
      for chip in chips where number < chip.lines.count {
        let actual = chip.lines[number].name
        text +=
          actual.isEmpty
          ? "; offset \(number) on \(chip.title) has no name: write { offset = \(number) }"
          : "; offset \(number) on \(chip.title) is named '\(actual)': "
            + "use that name or { offset = \(number) }"
        break
      }
    }
    return text
  }
}
