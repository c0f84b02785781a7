/// Text from elsewhere made safe and short for a terminal line.
enum TerminalText {
  /// Control characters (which could move the cursor or change colours) become "?".
  static func safe(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar in
        scalar.properties.generalCategory == .control ? "?" : Character(scalar)
      })
  }

  /// At most `width` characters; a longer text ends in "…".
  static func clip(_ text: String, to width: Int) -> String {
    guard text.count > width else { return text }
    guard width > 1 else { return String(text.prefix(max(width, 0))) }
    return String(text.prefix(width - 1)) + "…"
  }

  /// Broken into lines of at most `width` characters at spaces (a longer word is cut).
  static func wrap(_ text: String, to width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
      while line.count > width {
        lines.append(String(line.prefix(width)))
        line = String(line.dropFirst(width))
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Centred in `width` columns, padded with `fill`.
  static func centred(_ text: String, in width: Int, fill: Character = " ") -> String {
    let text = clip(text, to: width)
    let left = (width - text.count) / 2
    let right = width - text.count - left
    return String(repeating: fill, count: left) + text + String(repeating: fill, count: right)
  }

  /// A frequency as people write it: "415", "261.63".
  static func hertz(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String(value)
  }
}
