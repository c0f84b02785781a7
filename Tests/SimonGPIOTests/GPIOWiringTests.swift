import SimonGame
import Testing

@testable import SimonGPIO

@Suite struct GPIOWiringTests {
  @Test func recommendedWiringHasNoProblems() {
    #expect(GPIOWiring.recommended.problems == [])
    var full = GPIOWiring.recommended
    full.controls = GPIOWiring.recommendedControls
    #expect(full.problems == [])
  }

  @Test func recommendedWiringAvoidsI2SPinsAndIsPadsOnly() {
    let names = GPIOWiring.recommended.wiredLines.map(\.line)
    for pin in 18...21 { #expect(!names.contains(.name("GPIO\(pin)"))) }
    #expect(GPIOWiring.recommended.controls.isEmpty)
    #expect(GPIOWiring.recommended.chip == nil)
  }

  @Test func chipTextIsAPathOrALabel() {
    #expect(GPIOWiring.Chip("/dev/gpiochip4") == .path("/dev/gpiochip4"))
    #expect(GPIOWiring.Chip("pinctrl-rp1") == .label("pinctrl-rp1"))
  }

  @Test func wiredLinesCarryConfigurationKeysInOrder() {
    var wiring = GPIOWiring.recommended
    wiring.controls = [.start: .init(.name("GPIO12")), .up: .init(.offset(10))]
    #expect(
      wiring.wiredLines.map(\.key) == [
        "pads.green.button", "pads.green.led", "pads.red.button", "pads.red.led",
        "pads.yellow.button", "pads.yellow.led", "pads.blue.button", "pads.blue.led",
        "inputs.start", "inputs.joystick.up",
      ])
  }

  @Test func problemsNameTheKey() {
    var wiring = GPIOWiring.recommended
    wiring.pads[.blue] = nil
    wiring.controls = [
      .green: .init(.name("GPIO12")),
      .start: .init(.name("GPIO17")),
      .last: .init(.name("")),
      .up: .init(.offset(-1)),
    ]
    #expect(
      wiring.problems.map(\.description) == [
        "pads.blue: missing: every pad needs a button and an led",
        "pads.green.button: a pad is wired under pads, not inputs",
        "inputs.start: line GPIO17 is already used by pads.green.button",
        "inputs.last: the line name is empty",
        "inputs.joystick.up: the offset -1 is negative",
      ])
  }
}
