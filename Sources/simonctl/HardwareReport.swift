import SimonGPIO
import SimonGame
import SimonHardware
import SimonPOSIX

/// The text test-hardware prints; no String(format:), so no ICU.
enum HardwareReport {
  /// Which line each pad and control is on.
  static func lines(of cabinet: GPIOCabinet) -> String {
    var rows = ["wiring:"]
    for pad in Pad.allCases {
      let button = cabinet.inputLines[Input(pad)].map(\.description) ?? "-"
      let led = cabinet.ledLines[pad].map(\.description) ?? "-"
      rows.append("  \(padded(pad.rawValue, 8)) button \(padded(button, 28)) led \(led)")
    }
    for input in Input.allCases where input.pad == nil {
      guard let line = cabinet.inputLines[input] else { continue }
      rows.append("  \(padded(input.rawValue, 8)) \(line)")
    }
    if let motor = cabinet.motorLine { rows.append("  \(padded("haptics", 8)) motor \(motor)") }
    return rows.joined(separator: "\n")
  }

  /// "green    pressed  t=1234.567890 s  +0.1234 s  GPIO17 (gpiochip0 line 17)".
  static func line(
    for edge: InputEdge, after previous: MonotonicInstant?, on line: GPIOLineDescription?
  )
    -> String
  {
    let gap = previous.map { "+" + seconds($0.duration(to: edge.at), decimals: 4) + " s" } ?? ""
    return padded(edge.input.rawValue, 8) + " " + padded(edge.pressed ? "pressed" : "released", 9)
      + "t=" + seconds(edge.at.sinceBoot, decimals: 6) + " s  " + padded(gap, 12)
      + (line?.description ?? "")
  }

  /// A frequency without a needless ".0": "415", "261.63".
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// A duration in seconds with a fixed number of decimals, e.g. "12.000300".
  static func seconds(_ duration: Duration, decimals: Int) -> String {
    let (whole, attoseconds) = duration.components
    let negative = whole < 0 || attoseconds < 0
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let total = abs(whole) * scale + abs(attoseconds) / (1_000_000_000_000_000_000 / scale)
    let fraction = String(total % scale)
    let digits = String(repeating: "0", count: decimals - fraction.count) + fraction
    return (negative ? "-" : "") + String(total / scale) + (decimals > 0 ? "." + digits : "")
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
