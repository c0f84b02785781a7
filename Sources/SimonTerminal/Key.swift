/// A key as a terminal sends it, decoded from its bytes.
public enum Key: Equatable, Sendable {
  /// A printable ASCII character.
  case character(Character)
  /// An arrow key, plain or with a modifier.
  case arrow(ArrowKey)
  /// A control character: Ctrl-C is 3, Ctrl-D 4, Enter 13, Backspace 127.
  case control(UInt8)
  /// Anything else: another escape sequence (a function key), a non-ASCII character.
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
