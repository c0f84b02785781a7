import SimonGame
import SimonHardware
import SystemPackage
import Testing

@testable import SimonGPIO

@Suite struct GPIOErrorTests {
  private func open(
    _ wiring: GPIOWiring = .recommended, chips: [ChipSnapshot] = FakeChips.pi4,
    _ setUp: (inout FakeGPIOPort.State) -> Void = { _ in }
  ) -> HardwareError? {
    let port = FakeGPIOPort(chips: chips)
    port.update(setUp)
    do {
      let cabinet = try GPIOCabinet(wiring: wiring, consumer: "simonctl", port: port)
      cabinet.close()
      return nil
    } catch {
      return error
    }
  }

  @Test func noChipAtAllSaysSoAndListsWhatDevHas() {
    let error = open(chips: []) { $0.gpioEntries = ["gpiomem"] }
    #expect(error?.kind == .noDevice)
    #expect(
      error?.message
        == "no GPIO chip: /dev has no gpiochip device (in /dev: gpiomem). This needs a board with "
        + "GPIO (a Raspberry Pi 3, 4, 5 or Zero 2 W); without one, simond runs with --hardware sim")
    #expect(open(chips: [])?.message.contains("nothing in /dev mentions gpio") == true)
  }

  @Test func aMissingLabelListsTheChips() {
    var wiring = GPIOWiring.recommended
    wiring.chip = .label("pinctrl-rp1")
    let error = open(wiring)
    #expect(error?.kind == .noDevice)
    #expect(
      error?.message.hasPrefix(
        "no GPIO chip labelled 'pinctrl-rp1' (gpio.chip); chips here: /dev/gpiochip0 "
          + "gpiochip0 [pinctrl-bcm2711] (58 lines), /dev/gpiochip1 gpiochip1 [raspberrypi-exp-gpio] (8 lines)."
      )
        == true)
  }

  @Test func aMissingPathIsNoDevice() {
    var wiring = GPIOWiring.recommended
    wiring.chip = .path("/dev/gpiochip9")
    #expect(open(wiring)?.kind == .noDevice)
    #expect(
      open(wiring)?.message.hasPrefix("no GPIO chip at /dev/gpiochip9 (gpio.chip); chips here: ")
        == true)
  }

  @Test func aMissingLineNamesItTheKeyAndWhatTheChipCallsIt() throws {
    var wiring = GPIOWiring.recommended
    wiring.controls[.start] = .init(.name("GPIO4"))
    let error = try #require(open(wiring))
    #expect(error.kind == .noSuchLine)
    #expect(
      error.message.hasPrefix(
        "no line named 'GPIO4' (inputs.start) on any GPIO chip; offset 4 on gpiochip0 "
          + "[pinctrl-bcm2711] is named 'GPIO_GCLK': use that name or { offset = 4 }; "
          + "lines on gpiochip0 [pinctrl-bcm2711]: ID_SDA ID_SCL SDA1 SCL1 GPIO_GCLK GPIO5"))
    #expect(error.message.contains("; lines on gpiochip1 [raspberrypi-exp-gpio]: BT_ON WL_ON"))
  }

  @Test func aMisspelledLineGetsASuggestion() {
    var wiring = GPIOWiring.recommended
    wiring.chip = .label("pinctrl-bcm2711")
    wiring.pads[.red]?.led = .init(.name("gpio24"))
    let message = open(wiring)?.message ?? ""
    #expect(
      message.hasPrefix(
        "no line named 'gpio24' (pads.red.led) on gpiochip0 [pinctrl-bcm2711]; did you mean 'GPIO24'?"
      ))
  }

  @Test func anOffsetPastTheEndSaysHowManyLinesThereAre() {
    var wiring = GPIOWiring.recommended
    wiring.controls[.last] = .init(.offset(58))
    #expect(
      open(wiring)
        == HardwareError(
          .noSuchLine,
          "no line at offset 58 (inputs.last) on gpiochip0 [pinctrl-bcm2711]: it has 58 lines, 0-57"
        ))
  }

  @Test func anOffsetWithoutAnyChipToGoBy() {
    let wiring = GPIOWiring(
      pads: Dictionary(
        uniqueKeysWithValues: Pad.allCases.map {
          (
            $0,
            GPIOWiring.PadLines(
              button: .init(.offset(2 * $0.index + 5)), led: .init(.offset(2 * $0.index + 6)))
          )
        }))
    #expect(
      open(wiring)
        == HardwareError(
          .noSuchLine,
          "line offset 5 (pads.green.button) names no chip: set gpio.chip, or the line's chip"))
  }

  @Test func aNameAndItsOffsetAreOneLine() {
    var wiring = GPIOWiring.recommended
    wiring.controls[.start] = .init(.offset(17))
    #expect(
      open(wiring)
        == HardwareError(
          .noSuchLine,
          "line GPIO17 (gpiochip0 line 17) is wired twice: pads.green.button and inputs.start"))
  }

  @Test func aLineHeldBySimondSaysSimondIsRunning() {
    let error = open(chips: FakeChips.holding(FakeChips.pi4, offset: 27, by: "simond"))
    #expect(
      error
        == HardwareError(
          .busy,
          "line 'GPIO27' (pads.red.button) on gpiochip0 [pinctrl-bcm2711] is busy: held by 'simond'. "
            + "simond is running and holds the cabinet's lines: stop it first (sudo systemctl stop simond)"
        ))
  }

  @Test func aLineHeldByADriverNamesIt() {
    let error = open(chips: FakeChips.holding(FakeChips.pi4, offset: 16, by: "spi1 CS2"))
    #expect(error?.kind == .busy)
    #expect(
      error?.message
        == "line 'GPIO16' (pads.blue.led) on gpiochip0 [pinctrl-bcm2711] is busy: held by 'spi1 CS2': "
        + "free it (the driver or overlay that claims it) or wire another line")
  }

  @Test func aLineTakenBetweenLookingAndRequestingIsStillNamed() {
    let error = open { state in
      state.requestError = GPIOPortError(
        operation: .request, chip: "/dev/gpiochip0", offsets: [17, 27, 5, 6], code: .resourceBusy)
      state.chipsAfterFailedRequest = FakeChips.holding(FakeChips.pi4, offset: 5, by: "")
    }
    #expect(error?.kind == .busy)
    #expect(
      error?.message
        == "line 'GPIO5' (pads.yellow.button) on gpiochip0 [pinctrl-bcm2711] is busy: held by an unnamed "
        + "consumer (the kernel or another program; gpioinfo shows it)")
  }

  @Test func permissionDeniedNamesTheDeviceAndTheGroup() {
    let error = open(chips: []) { state in
      state.unreadable["/dev/gpiochip0"] = .permissionDenied
      state.groups["/dev/gpiochip0"] = "root"
    }
    #expect(error?.kind == .permissionDenied)
    #expect(
      error?.message
        == "permission denied opening /dev/gpiochip0: join the group 'gpio' (sudo usermod -aG gpio $USER, "
        + "then log in again); the device belongs to group 'root', so also install the cabinet's udev "
        + "rule that gives GPIO chips to 'gpio'")
  }

  @Test func anUnreadableChipMayHoldAMissingLine() {
    let error = open(chips: [FakeChips.pi5[0]]) {
      $0.unreadable["/dev/gpiochip4"] = .permissionDenied
      $0.groups["/dev/gpiochip4"] = "gpio"
    }
    #expect(
      error
        == HardwareError(
          .permissionDenied,
          "permission denied opening /dev/gpiochip4: join the group 'gpio' (sudo usermod -aG gpio $USER, "
            + "then log in again)"))
  }

  @Test func otherRequestFailuresAreIOAndNameTheLines() {
    let error = open { state in
      state.requestError = GPIOPortError(
        operation: .request, chip: "/dev/gpiochip0", offsets: [23, 24, 25, 16],
        code: .invalidArgument)
    }
    #expect(error?.kind == .io)
    #expect(
      error?.message.hasPrefix("unable to request lines GPIO23 (gpiochip0 line 23), GPIO24") == true
    )
    #expect(error?.message.hasSuffix("on /dev/gpiochip0: Invalid argument") == true)
  }

  @Test func wiringMistakesAreReportedBeforeTouchingTheChips() {
    var wiring = GPIOWiring.recommended
    wiring.pads[.blue] = nil
    #expect(
      open(wiring)
        == HardwareError(
          .noSuchLine,
          "the wiring cannot be used: pads.blue: missing: every pad needs a button and an led"))
  }
}
