/// One thing wrong with a configuration file: its key, its line (and for a TOML syntax
/// error its column) where known, and what.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
  /// The dotted key, e.g. "audio.volume"; empty for a problem with the whole file.
  public var key: String
  /// The 1-based line of the file, where it could be found.
  public var line: Int?
  /// The 1-based column on that line, for a TOML syntax error.
  public var column: Int?
  /// What is wrong, for people.
  public var message: String

  /// A problem with every value given.
  public init(key: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.key = key
    self.line = line
    self.column = column
    self.message = message
  }

  /// "line 12: audio.volume: 150 is out of range; it is from 0 to 100 %", or
  /// "line 2, column 10: not valid TOML: expected a value after "="".
  public var description: String {
    let place =
      line.map { line in "line \(line)\(column.map { ", column \($0)" } ?? ""): " } ?? ""
    return key.isEmpty ? "\(place)\(message)" : "\(place)\(key): \(message)"
  }
}

/// A configuration file that cannot be used, with every problem found in it.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// Every problem, in file order where lines are known.
  public var problems: [ConfigProblem]

  /// An error for a file and its problems.
  public init(path: String, problems: [ConfigProblem]) {
    self.path = path
    self.problems = problems
  }

  /// One line per problem, each starting with the path.
  public var description: String {
    problems.map { "\(path): \($0)" }.joined(separator: "\n")
  }
}
