import SimonTOML
import Testing

/// A TOML value without its lines, written with literals, for comparing whole trees:
/// `["a": 1, "b": ["x", 2.5]]`.
enum Plain: Equatable, Sendable, CustomStringConvertible {
  case table([String: Plain])
  case array([Plain])
  case string(String)
  case integer(Int)
  case float(Double)
  case bool(Bool)
  case dateTime(String)

  init(_ table: TOMLTable) {
    var entries: [String: Plain] = [:]
    for key in table.keys { entries[key] = Plain(table[key]!) }
    self = .table(entries)
  }

  init(_ value: TOMLValue) {
    switch value.content {
    case .table(let table): self.init(table)
    case .array(let elements): self = .array(elements.map(Plain.init))
    case .string(let text): self = .string(text)
    case .integer(let number): self = .integer(number)
    case .float(let number): self = .float(number)
    case .bool(let flag): self = .bool(flag)
    case .dateTime(let text): self = .dateTime(text)
    }
  }

  var description: String {
    switch self {
    case .table(let entries):
      "{" + entries.keys.sorted().map { "\($0): \(entries[$0]!)" }.joined(separator: ", ") + "}"
    case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
    case .string(let text): "\"\(text)\""
    case .integer(let number): "\(number)"
    case .float(let number): "\(number) (float)"
    case .bool(let flag): "\(flag)"
    case .dateTime(let text): "date-time \(text)"
    }
  }
}

extension Plain: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral
{
  init(dictionaryLiteral elements: (String, Plain)...) {
    self = .table(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
  }
  init(arrayLiteral elements: Plain...) { self = .array(elements) }
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .integer(value) }
  init(floatLiteral value: Double) { self = .float(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// The document's tree without lines.
func plain(_ text: String) throws -> Plain {
  Plain(try TOMLTable(parsing: text))
}

/// The error reading the document gives, or nil when it reads.
func failure(_ text: String) -> TOMLError? {
  do {
    _ = try TOMLTable(parsing: text)
    return nil
  } catch {
    return error
  }
}

/// A document that must be refused, with where and why.
struct Invalid: Sendable, CustomTestStringConvertible {
  var text: String
  var line: Int
  var column: Int
  var message: String

  init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
    self.text = text
    self.line = line
    self.column = column
    self.message = message
  }

  var testDescription: String { String(reflecting: text) }

  var error: TOMLError { TOMLError(line: line, column: column, message: message) }
}
