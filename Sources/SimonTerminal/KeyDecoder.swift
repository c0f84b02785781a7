/// Turns the bytes a terminal in raw mode sends into keys, however the reads split them.
///
/// Knows the arrows in both cursor modes (`ESC [ A` and `ESC O A`), also with modifiers
/// (`ESC [ 1 ; 5 A`); consumes every other CSI or SS3 sequence whole and reports it as
/// `.other`, so a function key never leaks letters. A lone Escape key is not reported:
/// a terminal cannot tell it from the start of a sequence without waiting, and no key
/// here needs it; the next byte that cannot continue a sequence ends it.
public struct KeyDecoder: Sendable {
  private enum State: Sendable {
    /// Between keys.
    case ground
    /// After ESC.
    case escape
    /// Inside `ESC [`, with the parameter and intermediate bytes so far.
    case csi
    /// After `ESC O`: one more byte ends it.
    case ss3
    /// Inside a UTF-8 character: this many continuation bytes to go.
    case utf8(remaining: Int)
  }

  private var state = State.ground

  /// A decoder between keys.
  public init() {}

  /// Takes the next bytes read; returns the keys they complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      if let key = take(byte) { keys.append(key) }
    }
    return keys
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
    case .utf8(let remaining):
      guard byte & 0xC0 == 0x80 else {
        state = .ground
        return ground(byte)
      }
      state = remaining > 1 ? .utf8(remaining: remaining - 1) : .ground
      return remaining > 1 ? nil : .other
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
    case 0xC0...0xDF:
      state = .utf8(remaining: 1)
      return nil
    case 0xE0...0xEF:
      state = .utf8(remaining: 2)
      return nil
    case 0xF0...0xF7:
      state = .utf8(remaining: 3)
      return nil
    default:
      return .other
    }
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
