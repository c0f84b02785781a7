extension TOMLTable {
  /// Reads a TOML 1.0 document into its root table.
  ///
  /// Every value carries the line that defined it (see `TOMLValue`); newlines in
  /// multi-line strings come out as line feeds; date-times are checked and kept as written.
  /// A byte order mark at the start is skipped. Arrays and inline tables may nest 100 deep.
  /// - Throws: `TOMLError` with the line, column and reason of the first problem found.
  public init(parsing text: String) throws(TOMLError) {
    var parser = Parser(text)
    self = try parser.document()
  }
}

/// Reads a document's structure: lines of keys and values or table headers; arrays and
/// inline tables. The scanner reads the pieces, `OpenTable` applies the table rules.
struct Parser {
  var scanner: Scanner
  let root = OpenTable(origin: .header, line: 1, path: [])
  /// The table of the current `[header]` section.
  var section: OpenTable
  /// How many arrays and inline tables the position is in.
  var depth = 0
  /// The most arrays and inline tables one value may nest, well short of the stack's end.
  static let maximumDepth = 100

  init(_ text: String) {
    scanner = Scanner(text)
    section = root
  }

  mutating func document() throws(TOMLError) -> TOMLTable {
    while true {
      try scanner.skipBlankLines()
      if scanner.isAtEnd { return root.closed() }
      if scanner.peek() == .openBracket {
        try header()
        try scanner.finishLine(after: "the table header")
      } else {
        try keyValue(in: section)
        try scanner.finishLine(after: "the value")
      }
    }
  }

  /// `[key]` or `[[key]]`, which starts a section.
  private mutating func header() throws(TOMLError) {
    let line = scanner.line
    let isArray = scanner.looksAt("[[")
    scanner.position += isArray ? 2 : 1
    scanner.skipWhitespace()
    let key = try scanner.readKey(expected: "a table name")
    scanner.skipWhitespace()
    if isArray {
      guard scanner.looksAt("]]") else {
        throw scanner.errorAfterKey(expected: "\"]]\" to close the header")
      }
      scanner.position += 2
      section = try root.appendTable(key, line: line, in: scanner)
    } else {
      guard scanner.peek() == .closeBracket else {
        throw scanner.errorAfterKey(expected: "\"]\" to close the header")
      }
      scanner.position += 1
      section = try root.defineTable(key, line: line, in: scanner)
    }
  }

  /// `key = value`, defined in `table`.
  private mutating func keyValue(in table: OpenTable) throws(TOMLError) {
    let key = try scanner.readKey(expected: "a key")
    scanner.skipWhitespace()
    guard scanner.peek() == .equals else {
      throw scanner.errorAfterKey(expected: "\"=\" after the key")
    }
    scanner.position += 1
    scanner.skipWhitespace()
    let value = try value(path: table.path + key.map(\.name), expected: "a value after \"=\"")
    try table.define(key, as: value, in: scanner)
  }

  /// Any value; `path` names it in errors about an inline table's keys.
  /// - Throws: when tables (dotted keys, headers, inline tables) would nest deeper than
  ///   `maximumDepth`.
  private mutating func value(path: [String], expected: String) throws(TOMLError) -> TOMLValue {
    guard path.count <= Self.maximumDepth else {
      throw scanner.error("tables nest more than \(Self.maximumDepth) deep here")
    }
    let line = scanner.line
    switch scanner.peek() {
    case .quotationMark?, .apostrophe?:
      return TOMLValue(.string(try scanner.readString()), line: line)
    case .openBracket?:
      return try array(path: path)
    case .openBrace?:
      return try inlineTable(path: path)
    default:
      return TOMLValue(try scanner.readBareValue(expected: expected), line: line)
    }
  }

  /// `[ value, value, ... ]`: over any number of lines, with comments, a trailing comma
  /// allowed.
  private mutating func array(path: [String]) throws(TOMLError) -> TOMLValue {
    let line = scanner.line
    try enter()
    defer { depth -= 1 }
    scanner.position += 1
    var elements: [TOMLValue] = []
    while true {
      try scanner.skipBlankLines()
      if scanner.peek() == .closeBracket { break }
      if scanner.isAtEnd { throw scanner.error("the array of line \(line) is not closed") }
      elements.append(try value(path: path, expected: "a value or \"]\""))
      try scanner.skipBlankLines()
      if scanner.peek() == .comma {
        scanner.position += 1
      } else if scanner.peek() == .closeBracket {
        break
      } else if scanner.isAtEnd {
        throw scanner.error("the array of line \(line) is not closed")
      } else {
        throw scanner.expected("\",\" or \"]\" after an element")
      }
    }
    scanner.position += 1
    return TOMLValue(.array(elements), line: line)
  }

  /// `{ key = value, ... }`: on one line (but for values that may span lines), no
  /// trailing comma.
  private mutating func inlineTable(path: [String]) throws(TOMLError) -> TOMLValue {
    let line = scanner.line
    try enter()
    defer { depth -= 1 }
    scanner.position += 1
    let table = OpenTable(origin: .inline, line: line, path: path)
    scanner.skipWhitespace()
    if scanner.peek() == .closeBrace {
      scanner.position += 1
      return TOMLValue(.table(table.closed()), line: line)
    }
    while true {
      scanner.skipWhitespace()
      try checkStillOnOneLine(expected: "a key")
      try keyValue(in: table)
      scanner.skipWhitespace()
      if scanner.peek() == .comma {
        let comma = scanner.position
        scanner.position += 1
        scanner.skipWhitespace()
        if scanner.peek() == .closeBrace {
          throw scanner.error("an inline table cannot end with a comma", at: comma)
        }
      } else if scanner.peek() == .closeBrace {
        scanner.position += 1
        return TOMLValue(.table(table.closed()), line: line)
      } else {
        try checkStillOnOneLine(expected: "\",\" or \"}\"")
        throw scanner.expected("\",\" or \"}\" after a value")
      }
    }
  }

  /// Counts one more array or inline table around the position.
  /// - Throws: past `maximumDepth`.
  private mutating func enter() throws(TOMLError) {
    guard depth < Self.maximumDepth else {
      throw scanner.error(
        "arrays and inline tables nest more than \(Self.maximumDepth) deep here")
    }
    depth += 1
  }

  private func checkStillOnOneLine(expected: String) throws(TOMLError) {
    if scanner.peek() == .hash {
      throw scanner.error("an inline table cannot hold a comment: it must be on one line")
    }
    if scanner.isAtEndOfLine || scanner.peek() == .carriageReturn {
      throw scanner.error(
        "expected \(expected) before the end of the line: an inline table must be on one line")
    }
  }
}
