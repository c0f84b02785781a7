/// Why a text is not valid TOML, and where: the first problem found.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the problem.
  public var line: Int
  /// The 1-based column of the problem on its line, counted in Unicode characters
  /// (scalars), a tab counting as one.
  public var column: Int
  /// What is wrong, in plain English, e.g. `expected a value after "="`.
  public var message: String

  /// An error at a line and column.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// "line 3, column 9: expected a value after "="".
  public var description: String { "line \(line), column \(column): \(message)" }
}
