import Logging
import SimonConfig

extension ConfigError {
  /// Logs every problem with the file's path, one error line each.
  func log(to logger: Logger) {
    for problem in problems { logger.error("\(path): \(problem)") }
  }
}
