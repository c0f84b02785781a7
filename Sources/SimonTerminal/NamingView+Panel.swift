import SimonGame

extension NamingView {
  /// The panel shown in place of the pads while simond's name entry with the pads runs
  /// (a cabinet screen asked for it): what made the top ten, the names to choose from or
  /// the name being spelled, the lit choice in brackets, and what each pad does.
  /// `NameEntry.height` rows, none wider than `width` columns.
  func lines(width: Int, colors: Bool) -> [String] {
    var lines = [
      "",
      TerminalText.clip(
        "Top ten! Game \(game) is #\(rank) in \(mode.rawValue) · \(difficulty.rawValue) "
          + "(\(points) points).", to: width),
      TerminalText.clip("Name it with the pads, as on the cabinet's screen:", to: width),
      "",
    ]
    let field: String
    if let choice {
      let items = choices.map(TerminalText.safe) + ["new name"]
      field = items.enumerated().map { $0 == choice ? "[\($1)]" : $1 }.joined(separator: "  ")
    } else {
      let lit = letter.map { $0 == " " ? "␣" : String($0) } ?? ""
      field = "Name: " + TerminalText.safe(spelled) + "[" + TerminalText.safe(lit) + "]"
    }
    let clipped = TerminalText.clip("    " + field, to: width)
    lines.append(colors ? ANSI.style("1") + clipped + ANSI.reset : clipped)
    lines += [
      "",
      TerminalText.clip(
        choice == nil
          ? "green/blue: the letter   red: take it   yellow: done"
          : "green/blue: the choice   red or yellow: take it", to: width),
      TerminalText.clip(
        "\(timeout.components.seconds) s without a press keeps the game as it is.", to: width),
    ]
    lines += Array(repeating: "", count: max(0, NameEntry.height - lines.count))
    return Array(lines.prefix(NameEntry.height))
  }
}
