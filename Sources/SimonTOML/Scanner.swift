/// The text being read, as UTF-8 bytes, with the reading position: moves over
/// whitespace, comments and newlines, and names places (line and column) in errors.
///
/// The other parts of the reader extend it: keys and strings (`Strings.swift`),
/// numbers, booleans and dates (`Scalars.swift`).
struct Scanner {
  /// The text.
  let bytes: [UInt8]
  /// The offset of the next byte to read.
  var position = 0
  /// The offset where each line starts, the first line's at index 0.
  private let lineStarts: [Int]

  /// A scanner at the start of `text`, past a byte order mark if it has one.
  init(_ text: String) {
    bytes = Array(text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == .lineFeed {
      starts.append(offset + 1)
    }
    lineStarts = starts
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  /// The byte `offset` bytes past the position, or nil past the end of the text.
  func peek(_ offset: Int = 0) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  /// Whether the text continues with `text` (ASCII) at the position.
  func looksAt(_ text: String) -> Bool {
    var offset = position
    for byte in text.utf8 {
      guard offset < bytes.count, bytes[offset] == byte else { return false }
      offset += 1
    }
    return true
  }

  /// Whether the position is at the end of the text.
  var isAtEnd: Bool { position >= bytes.count }

  /// Whether a line ends at the position (a line feed, or a carriage return before one),
  /// or the text does.
  var isAtEndOfLine: Bool {
    isAtEnd || peek() == .lineFeed || (peek() == .carriageReturn && peek(1) == .lineFeed)
  }

  // MARK: Places

  /// The 1-based line of a byte offset.
  func line(at offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  /// The 1-based column of a byte offset, in Unicode scalars.
  func column(at offset: Int) -> Int {
    let start = lineStarts[line(at: offset) - 1]
    let end = min(offset, bytes.count)
    return bytes[start..<end].count(where: { $0 & 0xC0 != 0x80 }) + 1
  }

  /// The line of the position.
  var line: Int { line(at: position) }

  /// An error at a byte offset, by default the position.
  func error(_ message: String, at offset: Int? = nil) -> TOMLError {
    let place = offset ?? position
    return TOMLError(line: line(at: place), column: column(at: place), message: message)
  }

  /// What is at the position, for "found ..." in errors: the end of the line or file, a
  /// comment, a word of key characters, or one character.
  var found: String {
    if isAtEnd { return "the end of the file" }
    if isAtEndOfLine || peek() == .carriageReturn { return "the end of the line" }
    if peek() == .hash { return "a comment" }
    var end = position
    while end < bytes.count, bytes[end].isBareKeyCharacter { end += 1 }
    if end > position { return quote(String(decoding: bytes[position..<end], as: UTF8.self)) }
    return describe(scalarAt: position)
  }

  /// The character starting at `offset`, quoted, or its code point when it is a control
  /// character.
  func describe(scalarAt offset: Int) -> String {
    let text = character(at: offset)
    if let scalar = text.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
      return "the control character \(scalar.codePoint)"
    }
    return quote(text)
  }

  /// An error "expected `what`" at the position, naming what is there instead unless a
  /// line or the text ends there.
  func expected(_ what: String) -> TOMLError {
    if isAtEndOfLine || peek() == .carriageReturn { return error("expected \(what)") }
    return error("expected \(what), found \(found)")
  }

  /// The character (Unicode scalar) starting at `offset`.
  func character(at offset: Int) -> String {
    var length = 1
    while offset + length < bytes.count, bytes[offset + length] & 0xC0 == 0x80 { length += 1 }
    return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
  }

  // MARK: Whitespace, comments and newlines

  /// Moves past spaces and tabs.
  mutating func skipWhitespace() {
    while let byte = peek(), byte == .space || byte == .tab { position += 1 }
  }

  /// Moves past a comment, if the position is at one, up to the end of its line.
  /// - Throws: for a control character in the comment (a tab is allowed).
  mutating func skipComment() throws(TOMLError) {
    guard peek() == .hash else { return }
    while let byte = peek(), byte != .lineFeed {
      if byte == .carriageReturn {
        guard peek(1) == .lineFeed else {
          throw error("a carriage return must be followed by a line feed")
        }
        return
      }
      if byte.isControl && byte != .tab {
        throw error("\(describe(scalarAt: position)) is not allowed in a comment")
      }
      position += 1
    }
  }

  /// Moves past one newline (a line feed, or a carriage return and a line feed).
  /// - Throws: for a carriage return without a line feed.
  mutating func skipNewline() throws(TOMLError) {
    if peek() == .carriageReturn {
      guard peek(1) == .lineFeed else {
        throw error("a carriage return must be followed by a line feed")
      }
      position += 2
    } else if peek() == .lineFeed {
      position += 1
    }
  }

  /// Ends a line after a key and value or a table header: whitespace, an optional
  /// comment, then a newline or the end of the text.
  /// - Throws: when anything else follows `what`.
  mutating func finishLine(after what: String) throws(TOMLError) {
    skipWhitespace()
    try skipComment()
    guard isAtEndOfLine else {
      if peek() == .carriageReturn {
        throw error("a carriage return must be followed by a line feed")
      }
      throw error("expected the end of the line after \(what), found \(found)")
    }
    try skipNewline()
  }

  /// Moves past whitespace, comments and newlines, as allowed between array elements.
  mutating func skipBlankLines() throws(TOMLError) {
    while true {
      skipWhitespace()
      try skipComment()
      guard !isAtEnd, peek() == .lineFeed || peek() == .carriageReturn else { return }
      try skipNewline()
    }
  }
}

/// Text in double quotes, or single quotes when it holds a double quote.
func quote(_ text: String) -> String {
  text.contains("\"") && !text.contains("'") ? "'\(text)'" : "\"\(text)\""
}

extension Unicode.Scalar {
  /// "U+0007".
  var codePoint: String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension UInt8 {
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let hash = UInt8(ascii: "#")
  static let quotationMark = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")
  static let backslash = UInt8(ascii: "\\")
  static let equals = UInt8(ascii: "=")
  static let dot = UInt8(ascii: ".")
  static let comma = UInt8(ascii: ",")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")
  static let plus = UInt8(ascii: "+")
  static let minus = UInt8(ascii: "-")
  static let underscore = UInt8(ascii: "_")
  static let colon = UInt8(ascii: ":")

  /// A control character: U+0000 to U+001F and U+007F (a tab and newlines included).
  var isControl: Bool { self < 0x20 || self == 0x7F }

  /// 0 to 9.
  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

  /// A letter A to Z or a to z.
  var isLetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }

  /// A character of a bare key: A-Z, a-z, 0-9, "-" and "_".
  var isBareKeyCharacter: Bool { isLetter || isDigit || self == .minus || self == .underscore }
}
