import SimonConfig
import SimonGPIO
import SimonGame
import SimonTOML

/// Reads `simond.toml` (docs/design.md section 6) into a `DaemonConfig`, reporting every problem
/// with its key and line: unknown keys, wrong types, out-of-range values, a line used
/// twice; or a TOML syntax error with its line and column. The same checks serve `simond`
/// and `simonctl config check`.
public enum ConfigLoader {
  /// Loads a configuration file; a missing file at the default path gives the built-in
  /// defaults, a missing file anywhere else is an error.
  /// - Throws: `ConfigError` listing every problem.
  public static func load(path: String?) throws(ConfigError) -> DaemonConfig {
    try ConfigDocument.load(
      path: path, defaultPath: DaemonConfig.defaultPath, defaults: .defaults, read: read)
  }

  /// Reads configuration text; `path` only names it in errors.
  /// - Throws: `ConfigError` listing every problem.
  public static func parse(_ text: String, path: String) throws(ConfigError) -> DaemonConfig {
    try ConfigDocument.parse(text, path: path, read: read)
  }

  private static func read(_ root: ConfigReader, log: ProblemLog) -> DaemonConfig {
    var config = DaemonConfig.defaults
    if let directory = root.string("state_dir") { config.stateDirectory = directory }

    var defaultBias = GPIOWiring.Bias.pullUp
    var defaultActiveLow = true
    if let gpio = root.table("gpio") {
      if let chip = readChip(gpio, "chip") { config.wiring.chip = chip }
      if let ms = gpio.int("debounce_ms", in: 0...1000, unit: " ms") {
        config.debounce = .milliseconds(ms)
      }
      defaultBias = gpio.choice("bias", of: GPIOWiring.Bias.self) ?? defaultBias
      defaultActiveLow = gpio.bool("active_low") ?? defaultActiveLow
      gpio.rejectUnknownKeys()
    }
    let buttons = ButtonDefaults(bias: defaultBias, activeLow: defaultActiveLow)

    if let pads = root.table("pads") {
      var wired: [Pad: GPIOWiring.PadLines] = [:]
      for pad in Pad.allCases {
        guard let section = pads.table(pad.rawValue) else {
          if !pads.has(pad.rawValue) {
            pads.problem(pad.rawValue, "missing: every pad needs a button and a led")
          }
          continue
        }
        if let lines = readPad(section, defaults: buttons, log: log) { wired[pad] = lines }
        if let ms = section.int("debounce_ms", in: 0...1000, unit: " ms") {
          config.debounceByInput[Input(pad)] = .milliseconds(ms)
        }
        section.rejectUnknownKeys()
      }
      pads.rejectUnknownKeys()
      config.wiring.pads = wired
    } else if defaultBias != .pullUp || !defaultActiveLow {
      for (pad, lines) in config.wiring.pads {
        config.wiring.pads[pad]?.button = buttons.input(lines.button.line)
      }
    }

    if let inputs = root.table("inputs") {
      for input in [Input.start, .last, .longest] where inputs.has(input.rawValue) {
        if let line = readLine(inputs, input.rawValue, log: log) {
          config.wiring.controls[input] = buttons.input(line)
        }
      }
      if let joystick = inputs.table("joystick") {
        for input in [Input.up, .down, .left, .right] where joystick.has(input.rawValue) {
          if let line = readLine(joystick, input.rawValue, log: log) {
            config.wiring.controls[input] = buttons.input(line)
          }
        }
        joystick.rejectUnknownKeys()
      }
      inputs.rejectUnknownKeys()
    }

    if let audio = root.table("audio") {
      if let enabled = audio.bool("enabled") { config.settings.soundOn = enabled }
      if let device = audio.string("device") {
        if device.isEmpty {
          audio.problem("device", "is empty; use an ALSA PCM name such as \"default\"")
        } else {
          config.audioDevice = device
        }
      }
      if let volume = audio.int("volume", in: 0...100, unit: " %") {
        config.settings.volume = volume
      }
      if let tones = audio.choice("tones", of: ToneSet.self) { config.settings.toneSet = tones }
      audio.rejectUnknownKeys()
    }

    if let game = root.table("game") {
      if let mode = game.choice("mode", of: GameMode.self) { config.settings.mode = mode }
      if let difficulty = game.choice("difficulty", of: Difficulty.self) {
        config.settings.difficulty = difficulty
      }
      if let players = game.int("players", in: 1...5) {
        let range = config.settings.mode.playerRange
        if range.contains(players) {
          config.settings.players = players
        } else {
          game.problem(
            "players",
            "\(players) does not fit \(config.settings.mode.rawValue), which takes "
              + (range.count == 1 ? "1 player" : "\(range.lowerBound) to \(range.upperBound)"))
        }
      } else if !game.has("players") {
        config.settings.players = config.settings.mode.playerRange.lowerBound
      }
      if let target = game.int("skill_target", in: 0...31) {
        if Settings.skillTargets.contains(target) {
          config.settings.skillTarget = target
        } else {
          game.problem("skill_target", "\(target) is not one of 0 (endless), 8, 14, 20, 31")
        }
      }
      game.rejectUnknownKeys()
    }

    if let haptics = root.table("haptics") {
      if let enabled = haptics.bool("enabled") { config.settings.hapticsOn = enabled }
      let motor = readLine(haptics, "motor", log: log)
      let activeLow = haptics.bool("active_low") ?? false
      if let motor {
        config.wiring.haptic = GPIOWiring.OutputLine(motor, activeLow: activeLow)
      } else if haptics.has("active_low"), !haptics.has("motor") {
        haptics.problem("active_low", "applies to the motor's line; set motor too")
      }
      haptics.rejectUnknownKeys()
    }

    if let attract = root.table("attract") {
      if let seconds = attract.int("after_s", in: 1...86_400, unit: " s") {
        config.attractAfter = .seconds(seconds)
      }
      attract.rejectUnknownKeys()
    }
    root.rejectUnknownKeys()

    if let problem = config.unplayable(config.settings) {
      log.add("game.\(problem.key.rawValue)", problem.message)
    }
    // A pad the reader already found missing, or missing a line, is told once.
    let told = log.problems.map(\.key)
    for problem in config.wiring.problems
    where !told.contains(where: { $0 == problem.key || $0.hasPrefix(problem.key + ".") }) {
      log.add(problem.key, problem.message)
    }
    return config
  }

  private struct ButtonDefaults {
    var bias: GPIOWiring.Bias
    var activeLow: Bool
    func input(_ line: GPIOWiring.Line) -> GPIOWiring.InputLine {
      GPIOWiring.InputLine(line, bias: bias, activeLow: activeLow)
    }
  }

  private static func readPad(
    _ section: ConfigReader, defaults: ButtonDefaults, log: ProblemLog
  ) -> GPIOWiring.PadLines? {
    let button = readLine(section, "button", log: log)
    let led = readLine(section, "led", log: log)
    if !section.has("button") { section.problem("button", "missing") }
    if !section.has("led") { section.problem("led", "missing") }
    let bias = section.choice("bias", of: GPIOWiring.Bias.self) ?? defaults.bias
    let activeLow = section.bool("active_low") ?? defaults.activeLow
    let ledActiveLow = section.bool("led_active_low") ?? false
    guard let button, let led else { return nil }
    return GPIOWiring.PadLines(
      button: GPIOWiring.InputLine(button, bias: bias, activeLow: activeLow),
      led: GPIOWiring.OutputLine(led, activeLow: ledActiveLow))
  }

  /// A line: a name ("GPIO17") or `{ chip = "...", offset = 17 }` (chip optional).
  private static func readLine(_ section: ConfigReader, _ name: String, log: ProblemLog)
    -> GPIOWiring.Line?
  {
    guard let raw = section.raw(name) else { return nil }
    if let text = raw.string {
      guard !text.isEmpty else {
        section.problem(name, "is empty; name a line such as \"GPIO17\"")
        return nil
      }
      return .name(text)
    }
    guard let table = raw.table else {
      section.problem(
        name,
        "expected a line name such as \"GPIO17\" or { chip = \"...\", offset = 17 }, found \(describe(raw))"
      )
      return nil
    }
    let line = ConfigReader(table, path: section.key(name), line: raw.line, report: log)
    let chip = readChip(line, "chip")
    let offset = line.int("offset", in: 0...1023)
    if !line.has("offset") { line.problem("offset", "missing") }
    line.rejectUnknownKeys()
    guard let offset else { return nil }
    return .offset(offset, chip: chip)
  }

  /// A chip: its label or its device path, never its number alone ("0", "gpiochip0"),
  /// which the Raspberry Pi 5 changed.
  private static func readChip(_ section: ConfigReader, _ name: String) -> GPIOWiring.Chip? {
    guard let text = section.string(name) else { return nil }
    let number = text.hasPrefix("gpiochip") ? String(text.dropFirst(8)) : text
    guard !text.isEmpty, !(number.allSatisfy(\.isASCII) && UInt(number) != nil) else {
      section.problem(
        name,
        "\(text.isEmpty ? "is empty" : "\"\(text)\" is a chip's number, which the Pi 5 changed"); name the chip by its label (\"pinctrl-bcm2711\", \"pinctrl-rp1\": gpiodetect lists them) or its path (\"/dev/gpiochip0\")"
      )
      return nil
    }
    return GPIOWiring.Chip(text)
  }
}
