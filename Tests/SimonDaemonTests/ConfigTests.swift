import SimonCabinetConfig
import SimonConfig
import SimonDaemon
import SimonGPIO
import SimonGame
import Testing

@Suite("simond.toml")
struct ConfigTests {
  @Test func anEmptyFileGivesTheBuiltInDefaults() throws {
    #expect(try ConfigLoader.parse("", path: "x.toml") == .defaults)
    #expect(DaemonConfig.defaults.wiring == .recommended)
  }

  @Test func theShapeOfTheSpecReadsEveryValue() throws {
    let text = """
      state_dir = "/srv/simon"
      [gpio]
      chip = "pinctrl-bcm2711"
      debounce_ms = 15
      [pads.green]
      button = "GPIO17"
      led = "GPIO23"
      debounce_ms = 30
      [pads.red]
      button = { chip = "/dev/gpiochip0", offset = 27 }
      led = "GPIO24"
      [pads.yellow]
      button = "GPIO5"
      led = "GPIO25"
      bias = "pull-down"
      active_low = false
      [pads.blue]
      button = "GPIO6"
      led = "GPIO16"
      led_active_low = true
      [inputs]
      start = "GPIO12"
      [inputs.joystick]
      up = { offset = 10 }
      down = { offset = 9 }
      left = { offset = 11 }
      right = { offset = 8 }
      [audio]
      enabled = false
      device = "hw:1,0"
      volume = 35
      tones = "solfege"
      [game]
      mode = "coop"
      difficulty = "hard"
      players = 3
      skill_target = 0
      [attract]
      after_s = 90
      """
    let config = try ConfigLoader.parse(text, path: "x.toml")
    #expect(config.stateDirectory == "/srv/simon")
    #expect(config.wiring.chip == GPIOWiring.Chip("pinctrl-bcm2711"))
    #expect(config.debounce == .milliseconds(15))
    #expect(config.debounceByInput == [.green: .milliseconds(30)])
    #expect(
      config.wiring.pads[.red]?.button.line == .offset(27, chip: .path("/dev/gpiochip0")))
    #expect(config.wiring.pads[.yellow]?.button.bias == .pullDown)
    #expect(config.wiring.pads[.yellow]?.button.activeLow == false)
    #expect(config.wiring.pads[.blue]?.led.activeLow == true)
    #expect(config.wiring.controls[.start]?.line == .name("GPIO12"))
    #expect(config.wiring.controls[.up]?.line == .offset(10, chip: nil))
    #expect(config.audioDevice == "hw:1,0")
    #expect(
      config.settings
        == Settings(
          mode: .coop, difficulty: .hard, players: 3, skillTarget: 0, soundOn: false, volume: 35,
          toneSet: .solfege))
    #expect(config.attractAfter == .seconds(90))
    #expect(config.cabinet.hasStartButton)
    #expect(config.cabinet.hasJoystick)
  }

  @Test func everyProblemIsListedWithItsKeyAndLine() {
    let text = """
      [audio]
      volume = 150
      tones = "jazz"
      colour = "red"
      [game]
      mode = 3
      skill_target = 9
      [attract]
      after_s = 0
      [speakers]
      """
    #expect {
      try ConfigLoader.parse(text, path: "bad.toml")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      let lines = error.description.split(separator: "\n").map(String.init)
      return lines == [
        "bad.toml: line 2: audio.volume: 150 is out of range; it is from 0 to 100 %",
        "bad.toml: line 3: audio.tones: \"jazz\" is not one of \"classic\", \"solfege\"",
        "bad.toml: line 4: audio.colour: unknown key; audio takes device, enabled, tones, volume",
        "bad.toml: line 6: game.mode: expected a string, found a whole number",
        "bad.toml: line 7: game.skill_target: 9 is not one of 0 (endless), 8, 14, 20, 31",
        "bad.toml: line 9: attract.after_s: 0 is out of range; it is from 1 to 86400 s",
        "bad.toml: line 10: speakers: unknown key; the file takes attract, audio, game, gpio, haptics, inputs, pads, state_dir",
      ]
    }
  }

  @Test func aSyntaxErrorNamesItsLine() {
    #expect {
      try ConfigLoader.parse("[audio]\nvolume = = 3\n", path: "s.toml")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      return error.problems.count == 1 && error.problems[0].line == 2
        && error.problems[0].message.hasPrefix("not valid TOML")
    }
  }

  @Test func aSyntaxErrorNamesItsLineAndColumn() {
    #expect {
      try ConfigLoader.parse("[audio]\nvolume = = 3\n", path: "s.toml")
    } throws: { error in
      (error as? ConfigError)?.description
        == #"s.toml: line 2, column 10: not valid TOML: expected a value after "=", found "=""#
    }
    #expect {
      try ConfigLoader.parse("[audio]\nvolume = 3\n[game]\n[audio]\n", path: "t.toml")
    } throws: { error in
      (error as? ConfigError)?.description
        == #"t.toml: line 4, column 2: not valid TOML: table "audio" is already defined at line 1"#
    }
  }

  @Test func everyProblemIsAtTheLineOfItsOwnKey() {
    let text = #"""
      [audio]
      volume = 500
      [gpio]
      chip = """
      [audio]
      volume = 5
      """
      [pads]
      green = { button = "GPIO17", led = { offset = 2000 } }
      red.button = "GPIO27"
      red.led = ""
      red.debounce_ms = 9999
      """#
    #expect {
      try ConfigLoader.parse(text, path: "lines.toml")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      let lines = Dictionary(
        error.problems.map { ($0.key, $0.line) }, uniquingKeysWith: { a, _ in a })
      return lines["audio.volume"] == 2  // not the look-alike inside the string
        && lines["pads.green.led.offset"] == 9  // inside an inline table
        && lines["pads.red.led"] == 11  // a dotted key
        && lines["pads.red.debounce_ms"] == 12  // another, in the table dotted keys made
        && lines["pads.red"] == nil  // its empty LED said it: not "missing" again
        && lines["pads.yellow"] == 8  // missing: the table it is missing from
    }
  }

  @Test(arguments: ["0", "4", "gpiochip0", ""])
  func aChipIsNeverNamedByItsNumberAlone(_ chip: String) {
    let text = """
      [gpio]
      chip = "\(chip)"
      [pads.green]
      button = { chip = "\(chip)", offset = 17 }
      """
    #expect {
      try ConfigLoader.parse(text, path: "chips.toml")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      let said = Dictionary(
        error.problems.map { ($0.key, $0.message) }, uniquingKeysWith: { a, _ in a })
      let advice =
        #"name the chip by its label ("pinctrl-bcm2711", "pinctrl-rp1": gpiodetect lists them) or its path ("/dev/gpiochip0")"#
      return ["gpio.chip", "pads.green.button.chip"].allSatisfy {
        said[$0]?.hasSuffix(advice) == true
      }
    }
  }

  @Test func aChipByLabelOrPathIsTaken() throws {
    for (text, chip) in [
      ("pinctrl-rp1", GPIOWiring.Chip.label("pinctrl-rp1")),
      ("/dev/gpiochip4", .path("/dev/gpiochip4")),
    ] {
      let config = try ConfigLoader.parse("[gpio]\nchip = \"\(text)\"\n", path: "c.toml")
      #expect(config.wiring.chip == chip)
    }
  }

  @Test func aLineUsedTwiceIsAnError() {
    let text = """
      [pads.green]
      button = "GPIO17"
      led = "GPIO23"
      [pads.red]
      button = "GPIO17"
      led = "GPIO24"
      [pads.yellow]
      button = "GPIO5"
      led = "GPIO25"
      [pads.blue]
      button = "GPIO6"
      led = "GPIO16"
      """
    #expect {
      try ConfigLoader.parse(text, path: "twice.toml")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      return error.description.contains("GPIO17")
    }
  }

  @Test func aMissingPadAndAMissingLedAreNamed() {
    let text = """
      [pads.green]
      button = "GPIO17"
      """
    #expect {
      try ConfigLoader.parse(text, path: "m.toml")
    } throws: { error in
      guard let error = error as? ConfigError else { return false }
      // Each once: not again as the wiring's own "pads.green" or "pads.red" missing.
      return error.problems.map(\.key) == [
        "pads.green.led", "pads.red", "pads.yellow", "pads.blue",
      ]
    }
  }

  @Test func theHapticsSectionWiresTheMotorAndSetsTheSetting() throws {
    let config = try ConfigLoader.parse(
      "[haptics]\nmotor = \"GPIO22\"\nactive_low = true\nenabled = false\n", path: "h.toml")
    #expect(config.wiring.haptic == GPIOWiring.OutputLine(.name("GPIO22"), activeLow: true))
    #expect(config.cabinet.hasHaptics)
    #expect(config.settings.hapticsOn == false)
    let none = try ConfigLoader.parse("", path: "n.toml")
    #expect(none.wiring.haptic == nil && !none.cabinet.hasHaptics && none.settings.hapticsOn)
  }

  @Test func aMotorOnALampsLineOrAPolarityWithoutAMotorIsNamed() {
    #expect {
      try ConfigLoader.parse("[haptics]\nmotor = \"GPIO23\"\n", path: "h.toml")
    } throws: { error in
      "\(error)" == "h.toml: line 2: haptics.motor: line GPIO23 is already used by pads.green.led"
    }
    #expect {
      try ConfigLoader.parse("[haptics]\nactive_low = true\nbuzz = 1\n", path: "h.toml")
    } throws: { error in
      (error as? ConfigError)?.problems.map(\.key) == ["haptics.active_low", "haptics.buzz"]
    }
  }

  @Test func playersMustFitTheMode() {
    #expect(throws: ConfigError.self) {
      try ConfigLoader.parse("[game]\nmode = \"coop\"\nplayers = 1\n", path: "p.toml")
    }
    #expect(throws: ConfigError.self) {
      try ConfigLoader.parse("[game]\nmode = \"directional\"\n", path: "d.toml")
    }
  }

  @Test(arguments: ["minimal.toml", "full-pi4.toml", "full-pi5.toml", "full-pi3-zero2w.toml"])
  func theWiringExamplesAreValid(_ name: String) throws {
    let path = "\(repositoryRoot)/wiring/examples/\(name)"
    _ = try ConfigLoader.load(path: path)
  }

  @Test func aMissingFileIsAnErrorOnlyWhenNamed() throws {
    #expect(throws: ConfigError.self) { try ConfigLoader.load(path: "/nonexistent/simond.toml") }
  }

  @Test func anEmptyDeviceOrPipeReadsAsDefaults() throws {
    #expect(try ConfigLoader.load(path: "/dev/null") == .defaults)
  }

  @Test(arguments: [
    ("/nonexistent/simond.toml", "/nonexistent/simond.toml: no such configuration file"),
    ("/tmp", "/tmp: is a directory, not a configuration file"),
    ("/dev/zero", "/dev/zero: is larger than 1024 KiB: not a configuration file"),
  ])
  func aFileThatCannotBeReadSaysWhy(_ path: String, _ expected: String) {
    do {
      _ = try ConfigLoader.load(path: path)
      Issue.record("\(path) was read")
    } catch {
      #expect("\(error)".contains(expected), "\(error)")
    }
  }
}

/// The package's root directory, from this file's path.
let repositoryRoot: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)
  return parts.joined(separator: "/")
}()
