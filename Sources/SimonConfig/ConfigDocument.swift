import SimonTOML

/// Reads a TOML configuration file into a value, reporting every problem with its key
/// and line (unknown keys, wrong types, out-of-range values) or a TOML syntax error with
/// its line and column: the one way every configuration file of the cabinet is read.
public enum ConfigDocument {
  /// Loads `path`, or `defaultPath` when no path is given; a missing file at the
  /// default path gives `defaults`, a missing file anywhere else is an error.
  /// - Throws: `ConfigError` listing every problem.
  public static func load<Value>(
    path: String?, defaultPath: String, defaults: Value,
    read: (ConfigReader, ProblemLog) -> Value
  ) throws(ConfigError) -> Value {
    let file = path ?? defaultPath
    let data: [UInt8]
    switch ConfigFile.read(file) {
    case .success(let bytes): data = bytes
    case .failure(.missing) where path == nil: return defaults
    case .failure(let failure):
      let message =
        switch failure {
        case .missing: "no such configuration file"
        case .directory: "is a directory, not a configuration file"
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .tooLarge: "is larger than \(ConfigFile.limit / 1024) KiB: not a configuration file"
        }
      throw ConfigError(path: file, problems: [ConfigProblem(key: "", message: message)])
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw ConfigError(
        path: file, problems: [ConfigProblem(key: "", message: "is not UTF-8 text")])
    }
    return try parse(text, path: file, read: read)
  }

  /// Reads configuration text with `read`, which reports what it finds wrong to the
  /// log; `path` only names the file in errors.
  /// - Throws: `ConfigError` listing every problem, in the file's order.
  public static func parse<Value>(
    _ text: String, path: String, read: (ConfigReader, ProblemLog) -> Value
  ) throws(ConfigError) -> Value {
    let root: TOMLTable
    do {
      root = try TOMLTable(parsing: text)
    } catch {
      throw ConfigError(
        path: path,
        problems: [
          ConfigProblem(
            key: "", line: error.line, column: error.column,
            message: "not valid TOML: \(error.message)")
        ])
    }
    let log = ProblemLog(root: root)
    let value = read(ConfigReader(root, path: "", line: nil, report: log), log)
    guard log.problems.isEmpty else {
      let sorted = log.problems.enumerated().sorted {
        ($0.element.line ?? .max, $0.offset) < ($1.element.line ?? .max, $1.offset)
      }
      throw ConfigError(path: path, problems: sorted.map(\.element))
    }
    return value
  }
}
