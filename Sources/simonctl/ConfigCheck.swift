import ArgumentParser
import SimonCabinetConfig
import SimonControl
import SimonGPIO
import SimonGame
import SimonPOSIX

/// `simonctl config`: the configuration file.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Check simond's configuration file.",
    subcommands: [ConfigCheck.self])
}

/// `simonctl config check [PATH]`: the same validation simond does at start.
struct ConfigCheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate a configuration file as simond would, and show what it sets.",
    discussion: """
      Lists every problem with its key and line and exits 78 (as simond would refuse to \
      start), or prints the wiring, sound and game settings the file gives and exits 0. \
      The hardware itself is not touched: `simonctl test-hardware` checks the wiring.
      """)

  @Argument(
    help: ArgumentHelp(
      "The file to check (default: --config, else /etc/simon-cabinet/simond.toml).",
      valueName: "path"))
  var path: String?

  @OptionGroup var common: CommonOptions

  func run() throws {
    let file = path ?? common.config
    let config: DaemonConfig
    do {
      config = try ConfigLoader.load(path: file)
    } catch {
      Console.error(error.description)
      Console.error("\(error.problems.count) problem(s); simond would not start (exit 78)")
      throw ExitCode(ExitStatus.config)
    }
    let name =
      file
      ?? (POSIX.allows(.exists, DaemonConfig.defaultPath)
        ? DaemonConfig.defaultPath : "no \(DaemonConfig.defaultPath): the built-in defaults")
    Console.say(Self.summary(config, path: name))
  }

  /// What a valid configuration sets, for people.
  static func summary(_ config: DaemonConfig, path: String) -> String {
    var lines = [path.hasPrefix("no ") ? path : "\(path): OK"]
    lines.append("  chip: \(config.wiring.chip.map { "\($0)" } ?? "the one holding the lines")")
    for pad in Pad.allCases {
      guard let padLines = config.wiring.pads[pad] else { continue }
      lines.append(
        "  \(pad.rawValue.padding(7)) button \(padLines.button.line), led \(padLines.led.line)")
    }
    for input in Input.allCases {
      guard let line = config.wiring.controls[input] else { continue }
      lines.append("  \(input.rawValue.padding(7)) \(line.line)")
    }
    let debounce =
      config.debounce.components.seconds * 1000
      + config.debounce.components.attoseconds / 1_000_000_000_000_000
    lines.append("  debounce: \(debounce) ms")
    let settings = config.settings
    lines.append(
      "  sound: \(settings.soundOn ? "on" : "off"), device \(config.audioDevice), volume \(settings.volume) %, \(settings.toneSet.rawValue) tones"
    )
    lines.append(
      "  game: \(settings.mode.rawValue), \(settings.difficulty.rawValue), \(settings.players) player(s), skill target \(settings.skillTarget == 0 ? "none" : "\(settings.skillTarget)")"
    )
    lines.append(
      "  haptics: \(settings.hapticsOn ? "on" : "off"), "
        + (config.wiring.haptic.map { "motor \($0.line)" } ?? "no motor wired"))
    let attract = config.attractAfter.components.seconds
    lines.append("  attract after: \(attract) s")
    if let directory = config.stateDirectory { lines.append("  state_dir: \(directory)") }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
