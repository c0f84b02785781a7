/// Turns the bytes a terminal in raw mode sends into keys, however the reads split them.
///
/// Knows the arrows in both cursor modes (`ESC [ A` and `ESC O A`), also with modifiers
/// (`ESC [ 1 ; 5 A`); consumes every other CSI or SS3 sequence whole and reports it as
/// `.other`, so a function key never leaks letters. Characters beyond ASCII arrive whole
/// (UTF-8). A lone Escape key cannot be told from the start of a sequence without waiting:
/// after bytes that end in an Escape, `isAfterEscape` says so, and `flushEscape()` called
/// `escapeWait` later reports it as `.escape` when nothing followed.
public struct KeyDecoder: Sendable {
  /// How long an Escape waits for the rest of a sequence before it counts as the Escape
  /// key: terminals send a sequence in one write, so anything longer is a person.
  public static let escapeWait = Duration.milliseconds(100)

  private enum State: Sendable {
    /// Between keys.
    case ground
    /// After ESC.
    case escape
    /// Inside `ESC [`, with the parameter and intermediate bytes so far.
    case csi
    /// After `ESC O`: one more byte ends it.
    case ss3
    /// Inside a UTF-8 character: its bytes so far and how many are to come.
    case utf8(bytes: [UInt8], remaining: Int)
  }

  private var state = State.ground

  /// A decoder between keys.
  public init() {}

  /// Whether the bytes so far end in an Escape that may yet start a sequence.
  public var isAfterEscape: Bool {
    if case .escape = state { return true }
    return false
  }

  /// Takes the next bytes read; returns the keys they complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      if let key = take(byte) { keys.append(key) }
    }
    return keys
  }

  /// The Escape key, when the bytes still end in an Escape (`escapeWait` after it came,
  /// nothing followed); nothing otherwise.
  public mutating func flushEscape() -> [Key] {
    guard isAfterEscape else { return [] }
    state = .ground
    return [.escape]
  }

  private mutating func take(_ byte: UInt8) -> Key? {
    switch state {
    case .ground:
      return ground(byte)
    case .escape:
      switch byte {
      case UInt8(ascii: "["):
        state = .csi
      case UInt8(ascii: "O"):
        state = .ss3
      default:
        // Alt+key, or a lone Escape followed by a key: the key counts.
        state = .ground
        return ground(byte)
      }
      return nil
    case .csi:
      // Parameter bytes 0x30-0x3F and intermediate bytes 0x20-0x2F go on; a final byte
      // 0x40-0x7E ends the sequence. Anything else is not a sequence: start again.
      if (0x20...0x3F).contains(byte) { return nil }
      state = .ground
      if (0x40...0x7E).contains(byte) { return Self.arrow(byte) ?? .other }
      return ground(byte)
    case .ss3:
      state = .ground
      return Self.arrow(byte) ?? .other
    case .utf8(let bytes, let remaining):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return ground(byte)
      }
      guard remaining == 1 else {
        state = .utf8(bytes: bytes + [byte], remaining: remaining - 1)
        return nil
      }
      state = .ground
      return Self.character(bytes + [byte])
    }
  }

  private mutating func ground(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x1B:
      state = .escape
      return nil
    case 0x20...0x7E:
      return .character(Character(Unicode.Scalar(byte)))
    case 0x00...0x1F, 0x7F:
      return .control(byte)
    case 0xC2...0xDF:
      state = .utf8(bytes: [byte], remaining: 1)
      return nil
    case 0xE0...0xEF:
      state = .utf8(bytes: [byte], remaining: 2)
      return nil
    case 0xF0...0xF4:
      state = .utf8(bytes: [byte], remaining: 3)
      return nil
    default:
      return .other
    }
  }

  /// One UTF-8 character; `.other` for an overlong or surrogate form or a control
  /// character (C1), which no name or key uses.
  private static func character(_ bytes: [UInt8]) -> Key {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator),
      iterator.next() == nil, scalar.properties.generalCategory != .control
    else { return .other }
    return .character(Character(scalar))
  }

  private static func arrow(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .arrow(.up)
    case UInt8(ascii: "B"): .arrow(.down)
    case UInt8(ascii: "C"): .arrow(.right)
    case UInt8(ascii: "D"): .arrow(.left)
    default: nil
    }
  }
}
