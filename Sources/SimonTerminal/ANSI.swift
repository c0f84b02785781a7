/// The terminal escape sequences the cabinet screen uses (ECMA-48 and xterm's).
public enum ANSI {
  /// Moves the cursor to the top left.
  public static let home = "\u{1B}[H"
  /// Clears the whole screen.
  public static let clearScreen = "\u{1B}[2J"
  /// Clears from the cursor to the end of its line.
  public static let clearToEndOfLine = "\u{1B}[K"
  /// Clears from the cursor to the end of the screen.
  public static let clearToEndOfScreen = "\u{1B}[J"
  /// Switches to the alternate screen, keeping the shell's screen to come back to.
  public static let alternateScreen = "\u{1B}[?1049h"
  /// Switches back to the normal screen.
  public static let normalScreen = "\u{1B}[?1049l"
  /// Hides the cursor.
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor.
  public static let showCursor = "\u{1B}[?25h"
  /// Resets colours and attributes.
  public static let reset = "\u{1B}[0m"

  /// Select Graphic Rendition: colours and attributes by their codes ("1" bold, "2" dim,
  /// "30"-"37" colours, "90"-"97" bright colours, "100"-"107" bright backgrounds).
  public static func style(_ codes: String...) -> String {
    "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// The text without its escape sequences: what the terminal shows.
  public static func visible(_ text: String) -> String {
    var result = ""
    var inSequence = false
    for character in text {
      if inSequence {
        if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" {
          inSequence = false
        }
      } else if character == "\u{1B}" {
        inSequence = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
