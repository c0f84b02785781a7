@testable import SimonGPIO

/// Chips as the boards report them (names from the boards' device trees).
enum FakeChips {
  /// The Pi 3, 4 and Zero 2 W name some header lines after their function.
  static let bcmHeaderNames = [
    "ID_SDA", "ID_SCL", "SDA1", "SCL1", "GPIO_GCLK", "GPIO5", "GPIO6", "SPI_CE1_N", "SPI_CE0_N",
    "SPI_MISO", "SPI_MOSI", "SPI_SCLK", "GPIO12", "GPIO13", "TXD1", "RXD1", "GPIO16", "GPIO17",
    "GPIO18", "GPIO19", "GPIO20", "GPIO21", "GPIO22", "GPIO23", "GPIO24", "GPIO25", "GPIO26",
    "GPIO27",
  ]

  /// A Pi 4: the header chip and the firmware's expander.
  static let pi4: [ChipSnapshot] = [
    chip(0, "pinctrl-bcm2711", names: bcmHeaderNames + (28..<58).map { "LINE\($0)" }),
    chip(
      1, "raspberrypi-exp-gpio",
      names: [
        "BT_ON", "WL_ON", "PWR_LED_OFF", "GLOBAL_RESET", "VDD_SD_IO_SEL", "CAM_GPIO", "SD_PWR_ON",
        "SD_OC_N",
      ]),
  ]

  /// A Pi 5 on a kernel that numbered the header chip 4, after the SoC's own chips.
  static let pi5: [ChipSnapshot] = [
    chip(0, "gpio-brcmstb@107d508500", names: ["-", "2712_BOOT_CS_N", "2712_BOOT_MISO"]),
    chip(1, "gpio-brcmstb@107d508520", names: ["HDMI0_SCL", "HDMI0_SDA"]),
    chip(
      4, "pinctrl-rp1",
      names: ["ID_SDA", "ID_SCL"] + (2...27).map { "GPIO\($0)" } + (28..<54).map { "RP1_\($0)" }),
  ]

  /// A chip at /dev/gpiochipN with a label and named lines.
  static func chip(_ number: Int, _ label: String, names: [String]) -> ChipSnapshot {
    ChipSnapshot(
      path: "/dev/gpiochip\(number)", name: "gpiochip\(number)", label: label,
      lines: names.map { LineSnapshot(name: $0) })
  }

  /// The chips with one line marked held by a consumer.
  static func holding(_ chips: [ChipSnapshot], chip: Int = 0, offset: Int, by consumer: String)
    -> [ChipSnapshot]
  {
    var chips = chips
    chips[chip].lines[offset].used = true
    chips[chip].lines[offset].consumer = consumer
    return chips
  }
}
