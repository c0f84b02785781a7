/// One value of a TOML document and the line that defined it.
///
/// `line` is 1-based: for a value under a key, the line of that key; for a table made by a
/// `[header]`, the line of its header (for a table that only headers of its sub-tables
/// made, the first such header); for a table made by dotted keys, the line of the first
/// dotted key that made it; for an array of tables, its first `[[header]]`; for an
/// element of an array written in brackets, the line where the element starts.
public struct TOMLValue: Equatable, Sendable {
  /// What a TOML value holds.
  public enum Content: Equatable, Sendable {
    /// A table: a `[header]` section, a table made by dotted keys, or an inline table.
    case table(TOMLTable)
    /// An array, written in brackets or made by `[[header]]` sections; its elements may
    /// be of different types.
    case array([TOMLValue])
    /// A string, its escapes resolved.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A float, including `inf` and `nan`.
    case float(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// An offset or local date-time, a local date or a local time, as written in the
    /// file; the reader checks that it is a valid one.
    case dateTime(String)
  }

  /// The value.
  public var content: Content
  /// The 1-based line that defined the value (see the type's description).
  public var line: Int

  /// A value defined at `line`.
  public init(_ content: Content, line: Int) {
    self.content = content
    self.line = line
  }

  /// The table, if the value is one.
  public var table: TOMLTable? {
    if case .table(let table) = content { table } else { nil }
  }

  /// The elements, if the value is an array (including an array of tables).
  public var array: [TOMLValue]? {
    if case .array(let elements) = content { elements } else { nil }
  }

  /// The string, if the value is one.
  public var string: String? {
    if case .string(let text) = content { text } else { nil }
  }

  /// The integer, if the value is one (a float is not converted).
  public var integer: Int? {
    if case .integer(let number) = content { number } else { nil }
  }

  /// The float, if the value is one (an integer is not converted).
  public var float: Double? {
    if case .float(let number) = content { number } else { nil }
  }

  /// The boolean, if the value is one.
  public var bool: Bool? {
    if case .bool(let flag) = content { flag } else { nil }
  }

  /// The date-time, date or time as written, if the value is one.
  public var dateTime: String? {
    if case .dateTime(let text) = content { text } else { nil }
  }
}

/// A TOML table: keys and their values, and the order the file defined the keys in.
///
/// Two tables are equal when they hold the same keys with equal values, in any order.
public struct TOMLTable: Equatable, Sendable {
  /// The keys, in the order the file first defined them.
  public private(set) var keys: [String] = []
  private var values: [String: TOMLValue] = [:]

  /// An empty table.
  public init() {}

  /// The value of a key, or nil when the table does not have it.
  public subscript(key: String) -> TOMLValue? {
    values[key]
  }

  /// The number of keys.
  public var count: Int { keys.count }

  /// Whether the table has no keys.
  public var isEmpty: Bool { keys.isEmpty }

  /// Sets a key's value; a new key goes after the others.
  public mutating func set(_ key: String, to value: TOMLValue) {
    if values.updateValue(value, forKey: key) == nil { keys.append(key) }
  }

  /// Whether both tables hold the same keys with equal values; the order does not count.
  public static func == (left: TOMLTable, right: TOMLTable) -> Bool {
    left.values == right.values
  }
}
