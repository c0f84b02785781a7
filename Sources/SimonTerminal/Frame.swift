/// A whole screen as one write: home, every line cleared to its end, the rest cleared.
/// Written at once, a frame never shows half drawn.
public enum Frame {
  /// The text to write to show `lines`; `clearFirst` wipes the screen before (after a
  /// resize, when old text may stand outside the new lines).
  public static func text(_ lines: [String], clearFirst: Bool = false) -> String {
    var text = ANSI.home
    if clearFirst { text += ANSI.clearScreen }
    text += lines.joined(separator: ANSI.clearToEndOfLine + "\r\n")
    return text + ANSI.clearToEndOfLine + ANSI.clearToEndOfScreen
  }
}
