import TOMLKit

/// Reads one TOML table key by key, collecting every problem (wrong type, out of range,
/// unknown key) instead of stopping at the first.
final class ConfigReader {
  private let table: TOMLTable
  private let path: String
  private let report: ProblemLog
  private var known: Set<String> = []

  init(_ table: TOMLTable, path: String, report: ProblemLog) {
    self.table = table
    self.path = path
    self.report = report
  }

  /// The dotted key of one of this table's keys.
  func key(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  /// Whether the table has the key (it then counts as known).
  func has(_ name: String) -> Bool {
    known.insert(name)
    return table[name] != nil
  }

  func string(_ name: String) -> String? {
    value(name, "a string") { $0.string }
  }

  func bool(_ name: String) -> Bool? {
    value(name, "true or false") { $0.bool }
  }

  func int(_ name: String, in range: ClosedRange<Int>, unit: String = "") -> Int? {
    guard let number = value(name, "a whole number", { $0.int }) else { return nil }
    guard range.contains(number) else {
      report.add(
        key(name),
        "\(number) is out of range; it is from \(range.lowerBound) to \(range.upperBound)\(unit)")
      return nil
    }
    return number
  }

  /// A string that must be one of `choices`.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, of: T.Type) -> T?
  where T.RawValue == String {
    guard let text = string(name) else { return nil }
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      report.add(key(name), "\"\(text)\" is not one of \(names)")
      return nil
    }
    return value
  }

  /// A sub-table (a `[path.name]` section or an inline table).
  func table(_ name: String) -> ConfigReader? {
    guard let value = value(name, "a table", { $0.table }) else { return nil }
    return ConfigReader(value, path: key(name), report: report)
  }

  /// The raw value of a key that takes several shapes; the caller checks it.
  func raw(_ name: String) -> TOMLValueConvertible? {
    known.insert(name)
    return table[name]
  }

  /// Reports every key of the table that no reader asked for.
  func rejectUnknownKeys() {
    for name in table.keys where !known.contains(name) {
      let expected = known.sorted().joined(separator: ", ")
      report.add(key(name), "unknown key; \(path.isEmpty ? "the file" : path) takes \(expected)")
    }
  }

  private func value<T>(
    _ name: String, _ expected: String, _ convert: (TOMLValueConvertible) -> T?
  ) -> T? {
    known.insert(name)
    guard let raw = table[name] else { return nil }
    guard let value = convert(raw) else {
      report.add(key(name), "expected \(expected), found \(describe(raw))")
      return nil
    }
    return value
  }
}

/// Describes a TOML value's type for an error message.
func describe(_ value: TOMLValueConvertible) -> String {
  switch value.type {
  case .table: "a table"
  case .array: "an array"
  case .string: "a string"
  case .int: "a whole number"
  case .double: "a decimal number"
  case .bool: "true or false"
  default: "a date or time"
  }
}

/// The problems found so far, with the line of each key where it can be found.
final class ProblemLog {
  private let lines: TOMLLineIndex
  private(set) var problems: [ConfigProblem] = []

  init(text: String) { lines = TOMLLineIndex(text) }

  func add(_ key: String, _ message: String) {
    problems.append(ConfigProblem(key: key, line: lines.line(of: key), message: message))
  }
}
