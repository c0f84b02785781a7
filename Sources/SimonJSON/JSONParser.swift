/// A strict JSON parser (RFC 8259) over bytes: the fast path for reading the score file.
///
/// Strings must be valid UTF-8 without raw control characters; anything after the value
/// but white space is an error. Errors give the line and column.
package struct JSONParser {
  /// A syntax error and where it is.
  package struct SyntaxError: Error, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Parses a whole document.
  package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) -> JSONValue in
      var parser = JSONParser(buffer: buffer)
      parser.skipSpace()
      let value = try parser.value(depth: 0)
      parser.skipSpace()
      if parser.position < buffer.count { throw parser.error("unexpected text after the end") }
      return value
    }
  }

  private let buffer: UnsafeBufferPointer<UInt8>
  private var position = 0

  private init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

  private static let maximumDepth = 64

  private func error(_ message: String) -> SyntaxError {
    var line = 1
    var column = 1
    for index in 0..<min(position, buffer.count) {
      if buffer[index] == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return SyntaxError(line: line, column: column, message: message)
  }

  private mutating func skipSpace() {
    while position < buffer.count {
      switch buffer[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private func peek() -> UInt8? { position < buffer.count ? buffer[position] : nil }

  private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
    guard let byte = peek() else { throw error("unexpected end of data") }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(SyntaxError)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    guard position + count <= buffer.count else { throw error("unexpected end of data") }
    for index in 0..<count where buffer[position + index] != word.utf8Start[index] {
      throw error("unexpected character")
    }
    position += count
    return value
  }

  private mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
    if depth > Self.maximumDepth { throw error("nested too deeply") }
    position += 1
    var members: [(String, JSONValue)] = []
    skipSpace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
      let key = try string()
      skipSpace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':'") }
      position += 1
      skipSpace()
      members.append((key, try value(depth: depth)))
      skipSpace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      case nil: throw error("unexpected end of data")
      default: throw error("expected ',' or '}'")
      }
    }
  }

  private mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
    if depth > Self.maximumDepth { throw error("nested too deeply") }
    position += 1
    var items: [JSONValue] = []
    skipSpace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try value(depth: depth))
      skipSpace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(items)
      case nil: throw error("unexpected end of data")
      default: throw error("expected ',' or ']'")
      }
    }
  }

  private mutating func string() throws(SyntaxError) -> String {
    position += 1
    let start = position
    var ascii = true
    // Fast path: no escapes.
    while position < buffer.count {
      let byte = buffer[position]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(start: buffer.baseAddress! + start, count: position - start)
        position += 1
        if ascii { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("a string is not valid UTF-8")
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error("a control character in a string") }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
    var bytes = Array(buffer[start..<position])
    while true {
      guard position < buffer.count else { throw error("unexpected end of data in a string") }
      let byte = buffer[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw error("a string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        guard let escape = peek() else { throw error("unexpected end of data in a string") }
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
          let escapeStart = position - 2
          var scalar = try hex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard peek() == UInt8(ascii: "\\"), position + 1 < buffer.count,
              buffer[position + 1] == UInt8(ascii: "u")
            else { throw loneSurrogate(at: escapeStart) }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw loneSurrogate(at: escapeStart)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(scalar) {
            throw loneSurrogate(at: escapeStart)
          }
          bytes.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
          position -= 1
          throw error("an unknown escape in a string")
        }
      default:
        if byte < 0x20 { throw error("a control character in a string") }
        bytes.append(byte)
      }
    }
  }

  private mutating func loneSurrogate(at escape: Int) -> SyntaxError {
    position = escape
    return error("a lone surrogate in a string")
  }

  private mutating func hex4() throws(SyntaxError) -> UInt32 {
    guard position + 4 <= buffer.count else { throw error("unexpected end of data in a string") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = buffer[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("a bad \\u escape in a string")
      }
      value = value << 4 + UInt32(digit)
      position += 1
    }
    return value
  }

  private mutating func number() throws(SyntaxError) -> JSONValue {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    func digits() -> Int {
      let first = position
      while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        position += 1
      }
      return position - first
    }
    let integerStart = position
    let integerDigits = digits()
    if integerDigits == 0 { throw error("a number without digits") }
    if integerDigits > 1 && buffer[integerStart] == UInt8(ascii: "0") {
      position = integerStart
      throw error("a number with a leading zero")
    }
    var isInteger = true
    if peek() == UInt8(ascii: ".") {
      position += 1
      isInteger = false
      if digits() == 0 { throw error("a number without digits after the point") }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      isInteger = false
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      if digits() == 0 { throw error("a number without digits in its exponent") }
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: buffer.baseAddress! + start, count: position - start),
      as: UTF8.self)
    if isInteger, let integer = Int(text) { return .integer(integer) }
    guard let double = Double(text) else { throw error("a number out of range") }
    return .double(double)
  }
}
