import SimonGame

/// One pad drawn as a box of text: solid and bright when lit, shaded and dim when dark,
/// with its name and keys in the middle.
struct PadArt {
  /// Columns, borders included.
  static let width = 26
  /// Rows, borders included.
  static let height = 5

  let pad: Pad
  let lit: Bool
  let colors: Bool

  /// The box's rows, each `width` columns wide on screen.
  var rows: [String] {
    let inner = Self.width - 2
    let label = " \(pad.rawValue.uppercased())  \(KeyBindings.number(of: pad)) \(arrowGlyph) "
    let fill: Character = lit ? (colors ? " " : "█") : "░"
    let blank = String(repeating: fill, count: inner)
    let middle = TerminalText.centred(label, in: inner, fill: fill)
    let edge = String(repeating: "─", count: inner)
    var rows = [border("┌" + edge + "┐")]
    for row in 1...(Self.height - 2) {
      rows.append(border("│") + paint(row == Self.height / 2 ? middle : blank) + border("│"))
    }
    rows.append(border("└" + edge + "┘"))
    return rows
  }

  private var arrowGlyph: String {
    switch KeyBindings.arrow(for: pad) {
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    }
  }

  /// The pad's colour code, 1 (red) to 4 (blue) as in "3x" and "9x" SGR codes.
  private var hue: Int {
    switch pad {
    case .green: 2
    case .red: 1
    case .yellow: 3
    case .blue: 4
    }
  }

  private func border(_ text: String) -> String {
    guard colors else { return text }
    let style = lit ? ANSI.style("1", "9\(hue)") : ANSI.style("2", "3\(hue)")
    return style + text + ANSI.reset
  }

  private func paint(_ text: String) -> String {
    guard colors else { return text }
    let style = lit ? ANSI.style("1", "30", "10\(hue)") : ANSI.style("2", "3\(hue)")
    return style + text + ANSI.reset
  }
}
