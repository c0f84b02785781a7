/// One part of a key (`a`, `"b c"` or `'d'` of `a."b c".'d'`) and where it starts.
struct KeyPart {
  /// The name, its escapes resolved.
  var name: String
  /// The byte offset where it starts in the text.
  var offset: Int
}

extension Scanner {
  // MARK: Keys

  /// Reads a key: simple keys (bare or quoted) joined by dots, with spaces or tabs
  /// allowed around each dot. `expected` names what should be here, for the error.
  /// - Throws: past `Parser.maximumDepth` parts (a deeper key is no configuration, and
  ///   every part is a table to nest).
  mutating func readKey(expected: String) throws(TOMLError) -> [KeyPart] {
    var parts = [try readSimpleKey(expected: expected)]
    while true {
      let before = position
      skipWhitespace()
      guard peek() == .dot else {
        position = before
        return parts
      }
      guard parts.count < Parser.maximumDepth else {
        throw error("a key of more than \(Parser.maximumDepth) dotted parts")
      }
      position += 1
      skipWhitespace()
      parts.append(try readSimpleKey(expected: "a key after \".\""))
    }
  }

  /// An error for what follows a key when `expected` should: says so, or that a bare key
  /// cannot hold the character right after it.
  func errorAfterKey(expected: String) -> TOMLError {
    let endings: [UInt8] = [.space, .tab, .hash, .equals, .closeBracket, .closeBrace, .comma]
    if position > 0, bytes[position - 1].isBareKeyCharacter, !isAtEndOfLine,
      let byte = peek(), byte != .carriageReturn, !endings.contains(byte)
    {
      return error(
        "\(describe(scalarAt: position)) cannot be in a bare key; put the key in quotes")
    }
    return self.expected(expected)
  }

  private mutating func readSimpleKey(expected: String) throws(TOMLError) -> KeyPart {
    let start = position
    switch peek() {
    case .quotationMark?, .apostrophe?:
      if looksAt("\"\"\"") || looksAt("'''") {
        throw error("a key cannot be a multi-line string")
      }
      return KeyPart(name: try readString(), offset: start)
    case let byte? where byte.isBareKeyCharacter:
      while let byte = peek(), byte.isBareKeyCharacter { position += 1 }
      return KeyPart(name: String(decoding: bytes[start..<position], as: UTF8.self), offset: start)
    default:
      throw self.expected(expected)
    }
  }

  // MARK: Strings

  /// Reads a string of any of the four kinds, the position at its opening quote.
  /// Newlines in a multi-line string come out as line feeds.
  mutating func readString() throws(TOMLError) -> String {
    if looksAt("\"\"\"") { return try readMultiLineString(literal: false) }
    if looksAt("'''") { return try readMultiLineString(literal: true) }
    return try readOneLineString(literal: peek() == .apostrophe)
  }

  private mutating func readOneLineString(literal: Bool) throws(TOMLError) -> String {
    let delimiter = peek()
    position += 1
    var text: [UInt8] = []
    while true {
      guard !isAtEndOfLine, let byte = peek(), byte != .carriageReturn else {
        throw error("the string is not closed before \(found)")
      }
      if byte == delimiter {
        position += 1
        return String(decoding: text, as: UTF8.self)
      } else if byte == .backslash && !literal {
        try readEscape(into: &text)
      } else {
        try checkNotControl(byte, literal: literal)
        text.append(byte)
        position += 1
      }
    }
  }

  private mutating func readMultiLineString(literal: Bool) throws(TOMLError) -> String {
    let start = position
    let delimiter = literal ? UInt8.apostrophe : .quotationMark
    position += 3
    if !isAtEnd && isAtEndOfLine { try skipNewline() }
    var text: [UInt8] = []
    while true {
      guard let byte = peek() else {
        throw error("the multi-line string that starts at line \(line(at: start)) is not closed")
      }
      switch byte {
      case delimiter:
        var run = 1
        while peek(run) == delimiter { run += 1 }
        if run > 5 {
          let what = literal ? "apostrophes" : "quotes"
          throw error("a multi-line string cannot hold more than two \(what) in a row")
        }
        text.append(contentsOf: repeatElement(delimiter, count: run < 3 ? run : run - 3))
        position += run
        if run >= 3 { return String(decoding: text, as: UTF8.self) }
      case .backslash where !literal:
        if !(try skipLineEndingBackslash()) { try readEscape(into: &text) }
      case .lineFeed, .carriageReturn:
        try skipNewline()
        text.append(.lineFeed)
      default:
        try checkNotControl(byte, literal: literal)
        text.append(byte)
        position += 1
      }
    }
  }

  /// At a backslash in a multi-line basic string: if only whitespace follows it on its
  /// line, moves past it and all whitespace and newlines after, and returns true.
  private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
    let backslash = position
    position += 1
    skipWhitespace()
    guard isAtEndOfLine || peek() == .carriageReturn else {
      position = backslash
      return false
    }
    while let byte = peek(),
      [UInt8.space, .tab, .lineFeed, .carriageReturn].contains(byte)
    {
      if byte == .carriageReturn { try skipNewline() } else { position += 1 }
    }
    return true
  }

  /// Reads an escape sequence, the position at its backslash, and appends its character.
  private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
    let start = position
    position += 1
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "r"): 0x0D, .quotationMark: .quotationMark,
      .backslash: .backslash,
    ]
    guard !isAtEndOfLine, let code = peek(), code != .carriageReturn else {
      throw error(
        "a backslash can end a line only in a multi-line string (\"\"\"...\"\"\")", at: start)
    }
    if let character = simple[code] {
      text.append(character)
      position += 1
      return
    }
    guard code == UInt8(ascii: "u") || code == UInt8(ascii: "U") else {
      let escape =
        code.isControl
        ? "a backslash before \(describe(scalarAt: position))"
        : quote("\\" + character(at: position))
      throw error(
        "\(escape) is not a valid escape; the escapes are "
          + "\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX and \\UXXXXXXXX",
        at: start)
    }
    let count = code == UInt8(ascii: "u") ? 4 : 8
    position += 1
    var value: UInt32 = 0
    for _ in 0..<count {
      guard let byte = peek(), let digit = byte.hexadecimalValue else {
        throw error(
          "\\\(Character(Unicode.Scalar(code))) must be followed by \(count) hexadecimal digits",
          at: start)
      }
      value = value * 16 + UInt32(digit)
      position += 1
    }
    guard let scalar = Unicode.Scalar(value) else {
      let written = String(decoding: bytes[start..<position], as: UTF8.self)
      throw error(
        "\(quote(written)) is not a Unicode scalar value (surrogates D800 to DFFF and values "
          + "above 10FFFF are not)", at: start)
    }
    text.append(contentsOf: String(scalar).utf8)
  }

  private func checkNotControl(_ byte: UInt8, literal: Bool) throws(TOMLError) {
    guard byte.isControl && byte != .tab else { return }
    let character = describe(scalarAt: position)
    if literal {
      throw error("\(character) is not allowed in a literal string")
    }
    let code = Unicode.Scalar(byte).codePoint.dropFirst(2)
    throw error("\(character) must be escaped in a string, as \\u\(code)")
  }
}

extension UInt8 {
  /// The value of a hexadecimal digit (0-9, A-F, a-f), or nil.
  var hexadecimalValue: UInt8? {
    if isDigit { return self - UInt8(ascii: "0") }
    let lower = self | 0x20
    if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") {
      return lower - UInt8(ascii: "a") + 10
    }
    return nil
  }
}
