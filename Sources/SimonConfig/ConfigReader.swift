import SimonTOML

/// Reads one TOML table key by key, collecting every problem (wrong type, out of range,
/// unknown key) instead of stopping at the first, each at the line of its key.
public final class ConfigReader {
  private let table: TOMLTable
  private let path: String
  private let line: Int?
  private let report: ProblemLog
  private var known: Set<String> = []

  /// A reader of `table`, found at dotted key `path` ("" for the file), defined at `line`.
  public init(_ table: TOMLTable, path: String, line: Int?, report: ProblemLog) {
    self.table = table
    self.path = path
    self.line = line
    self.report = report
  }

  /// The dotted key of one of this table's keys.
  public func key(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  /// Reports a problem with one of the table's keys: at the key's line, or the table's
  /// when the key is missing.
  public func problem(_ name: String, _ message: String) {
    report.add(key(name), line: table[name]?.line ?? line, message)
  }

  /// Whether the table has the key (it then counts as known).
  public func has(_ name: String) -> Bool {
    known.insert(name)
    return table[name] != nil
  }

  /// A string value; a value of another type is reported.
  public func string(_ name: String) -> String? {
    value(name, "a string") { $0.string }
  }

  /// true or false; a value of another type is reported.
  public func bool(_ name: String) -> Bool? {
    value(name, "true or false") { $0.bool }
  }

  /// A whole number within `range`; `unit` follows the range in the message.
  public func int(_ name: String, in range: ClosedRange<Int>, unit: String = "") -> Int? {
    guard let number = value(name, "a whole number", { $0.integer }) else { return nil }
    guard range.contains(number) else {
      problem(
        name,
        "\(number) is out of range; it is from \(range.lowerBound) to \(range.upperBound)\(unit)")
      return nil
    }
    return number
  }

  /// A string that must be one of `choices`.
  public func choice<T: RawRepresentable & CaseIterable>(_ name: String, of: T.Type) -> T?
  where T.RawValue == String {
    guard let text = string(name) else { return nil }
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      problem(name, "\"\(text)\" is not one of \(names)")
      return nil
    }
    return value
  }

  /// A sub-table (a `[path.name]` section, a table of dotted keys or an inline table).
  public func table(_ name: String) -> ConfigReader? {
    guard let value = value(name, "a table", { $0.table }) else { return nil }
    return ConfigReader(value, path: key(name), line: table[name]?.line, report: report)
  }

  /// The raw value of a key that takes several shapes; the caller checks it.
  public func raw(_ name: String) -> TOMLValue? {
    known.insert(name)
    return table[name]
  }

  /// Reports every key of the table that no reader asked for.
  public func rejectUnknownKeys() {
    for name in table.keys where !known.contains(name) {
      let expected = known.sorted().joined(separator: ", ")
      problem(name, "unknown key; \(path.isEmpty ? "the file" : path) takes \(expected)")
    }
  }

  private func value<T>(
    _ name: String, _ expected: String, _ convert: (TOMLValue) -> T?
  ) -> T? {
    known.insert(name)
    guard let raw = table[name] else { return nil }
    guard let value = convert(raw) else {
      problem(name, "expected \(expected), found \(describe(raw))")
      return nil
    }
    return value
  }
}

/// Describes a TOML value's type for an error message.
public func describe(_ value: TOMLValue) -> String {
  switch value.content {
  case .table: "a table"
  case .array: "an array"
  case .string: "a string"
  case .integer: "a whole number"
  case .float: "a decimal number"
  case .bool: "true or false"
  case .dateTime: "a date or time"
  }
}

/// The problems found so far, each with the line of its key where the file has one.
public final class ProblemLog {
  private let root: TOMLTable
  /// Every problem reported, in the order reported.
  public private(set) var problems: [ConfigProblem] = []

  /// A log for the file whose root table is `root`.
  public init(root: TOMLTable) { self.root = root }

  /// A problem at a key whose line the caller knows.
  public func add(_ key: String, line: Int?, _ message: String) {
    problems.append(ConfigProblem(key: key, line: line, message: message))
  }

  /// A problem at a dotted key, at the line of that key, or of the nearest table on its
  /// path that the file has.
  public func add(_ key: String, _ message: String) {
    add(key, line: line(of: key), message)
  }

  private func line(of key: String) -> Int? {
    var table = root
    var line: Int?
    for name in key.split(separator: ".") {
      guard let value = table[String(name)] else { break }
      line = value.line
      guard let next = value.table else { break }
      table = next
    }
    return line
  }
}
