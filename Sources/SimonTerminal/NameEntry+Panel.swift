extension NameEntry {
  /// How many rows the panel takes on screen (where the pads are).
  static let height = 11

  /// The panel shown in place of the pads while a name is typed: what made the top
  /// ten, the name so far and why the last try was refused. `height` rows, none wider
  /// than `width` columns.
  func lines(width: Int, colors: Bool) -> [String] {
    let field = "Name: " + TerminalText.safe(text) + (waiting ? "" : "_")
    var lines = [
      "",
      "Top ten! Your game is #\(rank) in \(table.mode.rawValue) · "
        + "\(table.difficulty.rawValue) (\(points) points).",
      "Type a name for it: letters, digits, spaces, - _ . '",
      "",
      "    " + (colors ? ANSI.style("1") + field + ANSI.reset : field),
      "",
    ]
    if waiting {
      lines.append("Sending it to simond…")
    } else if let problem {
      lines += TerminalText.wrap(TerminalText.safe(problem), to: width)
    }
    lines += Array(repeating: "", count: max(0, Self.height - lines.count))
    return lines.prefix(Self.height).map { line in
      // The field is the only styled line; clip on what shows.
      ANSI.visible(line).count > width ? TerminalText.clip(ANSI.visible(line), to: width) : line
    }
  }
}
