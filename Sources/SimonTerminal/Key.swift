/// A key as a terminal sends it, decoded from its bytes.
public enum Key: Equatable, Sendable {
  /// A printable character: ASCII, or any other character the terminal sent as UTF-8.
  case character(Character)
  /// An arrow key, plain or with a modifier.
  case arrow(ArrowKey)
  /// A control character: Ctrl-C is 3, Ctrl-D 4, Enter 13, Backspace 127 (or 8).
  case control(UInt8)
  /// The Escape key on its own (told from the start of a sequence by a short wait).
  case escape
  /// Anything else: another escape sequence (a function key), a byte that is no
  /// character.
  case other
}

/// The four arrow keys.
public enum ArrowKey: Equatable, Sendable, CaseIterable {
  /// Up.
  case up
  /// Down.
  case down
  /// Left.
  case left
  /// Right.
  case right
}
