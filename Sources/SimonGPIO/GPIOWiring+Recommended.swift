import SimonGame

extension GPIOWiring {
  /// The wiring that `wiring/README.md` recommends for a Raspberry Pi 3, 4, 5 or
  /// Zero 2 W, and the built-in default: the four pads only, each line by its name, the
  /// chip the one holding them. Buttons are microswitches to ground on the internal
  /// pull-up; lamps go through a driver that switches on a high line.
  ///
  /// Every line here is called `GPIOn` on all of those boards and none is an I2S pin
  /// (GPIO18-21), so an I2S DAC HAT can sit beside it. The optional controls are not
  /// part of it (a start button that is configured but not wired would change the game);
  /// `recommendedControls` lists where they go.
  public static let recommended = GPIOWiring(
    pads: [
      .green: PadLines(button: InputLine(.name("GPIO17")), led: OutputLine(.name("GPIO23"))),
      .red: PadLines(button: InputLine(.name("GPIO27")), led: OutputLine(.name("GPIO24"))),
      .yellow: PadLines(button: InputLine(.name("GPIO5")), led: OutputLine(.name("GPIO25"))),
      .blue: PadLines(button: InputLine(.name("GPIO6")), led: OutputLine(.name("GPIO16"))),
    ])

  /// Where `wiring/README.md` recommends the optional controls. The joystick sits on the
  /// SPI0 pins (SPI must stay off), by offset because the Pi 3, 4 and Zero 2 W name
  /// those lines after SPI (`SPI_MOSI`...) and the Pi 5 `GPIO10`...; an offset without a
  /// chip means the chip holding the pads.
  public static let recommendedControls: [Input: InputLine] = [
    .start: InputLine(.name("GPIO12")),
    .last: InputLine(.name("GPIO13")),
    .longest: InputLine(.name("GPIO26")),
    .up: InputLine(.offset(10)),
    .down: InputLine(.offset(9)),
    .left: InputLine(.offset(11)),
    .right: InputLine(.offset(8)),
  ]

  /// Where `wiring/README.md` recommends the vibration motor's driver: GPIO22, pulled down
  /// while the Pi boots, so the motor stays still until simond drives it.
  public static let recommendedHaptic = OutputLine(.name("GPIO22"))
}
